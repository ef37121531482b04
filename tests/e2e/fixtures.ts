import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'hoursight-demo';
export const DEMO = {
  admin: 'admin@demo.example',
  user: 'user@demo.example',
  viewer: 'viewer@demo.example',
} as const;

/** Signs in through the API; the page shares the request context's cookies. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), `sign-in as ${email}: ${res.status()}`).toBeTruthy();
}

export const test = base;
export { expect };
