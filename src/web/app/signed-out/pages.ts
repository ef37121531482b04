import type { ComponentType } from 'react';
import type { SignedOutPath } from './paths';

/** Each signed-out page is its own chunk, shown by the entry's router on arrival and by react-router later. */
export const SIGNED_OUT_PAGES: Record<SignedOutPath, () => Promise<{ default: ComponentType }>> = {
  '/login': () => import('../../features/auth/LoginPage'),
  '/register': () => import('../../features/accounts/RegisterPage'),
  '/forgot-password': () => import('../../features/accounts/ForgotPasswordPage'),
  '/reset-password': () => import('../../features/accounts/ResetPasswordPage'),
};
