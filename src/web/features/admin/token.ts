import { useSyncExternalStore } from 'react';
import type { AddressArgs, InputArgs, JsonRoute, RouteReply } from '../../../shared/routes/types';
import { bodyOf, errorFromResponse, methodOf, urlOf } from '../../lib/api';
import { readStored, writeStored } from '../../lib/storage';

/**
 * The super-admin's bearer token, kept client-side as spec §6 says (local storage), apart from the site's
 * HTTP-only cookie. Calls never send cookies, and a failed auth check clears the token (spec §4), which
 * brings back the login with the reason.
 */
const KEY = 'super_admin_token';
/** Where the token was kept before the spec's key was used: moved once, so no one is signed out by the change. */
const OLD_KEY = 'superAdminToken';
const listeners = new Set<() => void>();
let current = readToken();
let lastReason: string | null = null;

export const adminMessages = {
  noToken: 'No authentication token',
  expired: 'Authentication expired - please log in again',
  failed: 'Authentication failed',
  html: 'Server returned HTML instead of JSON',
} as const;

function readToken(): string | null {
  const token = readStored(KEY);
  const old = readStored(OLD_KEY);
  if (old === null) return token;
  writeStored(OLD_KEY, null);
  if (token !== null) return token;
  writeStored(KEY, old);
  return old;
}

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

/** Calls a portal route of the shared table with the super-admin's token (decision 070). */
export async function adminApi<K extends JsonRoute>(route: K, ...[input]: InputArgs<K>): Promise<RouteReply<K>> {
  const token = current;
  if (!token) {
    setToken(null, adminMessages.noToken);
    throw new AdminApiError(401, adminMessages.noToken);
  }
  const body = bodyOf(route, input);
  const res = await fetch(urlOf(route, ...([input] as AddressArgs<K>)), {
    method: methodOf(route),
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
  return (await res.json()) as RouteReply<K>;
}

/** Spec §8 "(with status)": the catalogue's words, the HTTP status, and the server's reason. */
export function failure(what: string, err: unknown): string {
  if (err instanceof AdminApiError) return `${what} (${err.status}): ${err.message}`;
  return what;
}
