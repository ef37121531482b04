/**
 * Accounts (decision 008): registration, password reset, and whose password an e-mail names.
 * The front door (decision 109): other code imports this module only from here.
 */
export { passwordOwnerOf } from './password-owner';
export { usernameFromEmail } from './register';
export { registerAccountRoutes } from './routes';
