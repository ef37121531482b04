import { useSyncExternalStore } from 'react';
import { errorFromResponse } from '../../lib/api';
import { readStored, writeStored } from '../../lib/storage';

/**
 * The super-admin's bearer token, kept client-side as spec §6 says (local storage), apart from the site's
 * HTTP-only cookie. Calls never send cookies, and a failed auth check clears the token (spec §4), which
 * brings back the login with the reason.
 */
const KEY = 'superAdminToken';
const listeners = new Set<() => void>();
let current = readStored(KEY);
let lastReason: string | null = null;

export const adminMessages = {
  noToken: 'No authentication token',
  expired: 'Authentication expired - please log in again',
  failed: 'Authentication failed',
  html: 'Server returned HTML instead of JSON',
} as const;

export function setToken(token: string | null, reason: string | null = null) {
  current = token;
  lastReason = reason;
  writeStored(KEY, token);
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const useAdminToken = () => useSyncExternalStore(subscribe, () => current);
/** Why the portal last signed out by itself (shown above the login), if it did. */
export const signedOutReason = () => lastReason;

export class AdminApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
  }
}

export async function adminFetch<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = current;
  if (!token) {
    setToken(null, adminMessages.noToken);
    throw new AdminApiError(401, adminMessages.noToken);
  }
  const res = await fetch(path, {
    method,
    credentials: 'omit',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 401) {
    const err = await errorFromResponse(res);
    const reason = err.message === adminMessages.expired ? adminMessages.expired : adminMessages.failed;
    setToken(null, reason);
    throw new AdminApiError(401, reason);
  }
  if ((res.headers.get('content-type') ?? '').includes('text/html')) throw new AdminApiError(res.status, adminMessages.html);
  if (!res.ok) {
    const err = await errorFromResponse(res);
    throw new AdminApiError(res.status, err.message);
  }
  return (await res.json()) as T;
}

/** Spec §8 "(with status)": the catalogue's words, the HTTP status, and the server's reason. */
export function failure(what: string, err: unknown): string {
  if (err instanceof AdminApiError) return `${what} (${err.status}): ${err.message}`;
  return what;
}
