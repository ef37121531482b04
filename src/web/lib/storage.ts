/** Local storage that degrades to nothing (spec §4: warn, rely on cookies) when the browser refuses it. */
let warned = false;
function warn(err: unknown) {
  if (!warned) console.warn('Local storage is unavailable; relying on HTTP-only cookies.', err);
  warned = true;
}

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (err) {
    warn(err);
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (err) {
    warn(err);
  }
}

export const STORAGE_KEYS = { theme: 'theme', currentSite: 'currentSiteId' } as const;
