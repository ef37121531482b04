/** Two-factor sign-in with TOTP (decision 065). The front door (decision 109): other code imports this module only from here. */
export { createChallenge, passChallenge, purgeExpiredChallenges } from './challenge';
export { registerTwoFactorRoutes } from './routes';
export { totpSecrets, type TotpSecrets } from './secret-keys';
export { registerSiteTwoFactorRoutes } from './site-routes';
export { twoFactorOn } from './store';
