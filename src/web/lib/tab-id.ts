/**
 * This tab's id, new on every page load. Every API call and the live socket carry it, so the server does not
 * announce a tab's own changes back to it (it has already refetched them). getRandomValues, unlike
 * randomUUID, also works on a plain-http address that is not localhost.
 */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
