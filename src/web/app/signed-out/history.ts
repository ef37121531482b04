/**
 * The signed-out pages' own router (decision 050): the address bar through the History API, read with
 * useSyncExternalStore. React-router takes over the same history when the full app starts.
 */
export interface PageLocation {
  pathname: string;
  search: string;
}

/**
 * How a navigation to `to` writes history: asked for, or a replace when `to` is where the page already is
 * (as react-router's links do, so clicking the current page's link twice leaves one entry).
 */
export function historyWrite(to: string, here: PageLocation, replace?: boolean): 'push' | 'replace' {
  if (replace !== undefined) return replace ? 'replace' : 'push';
  return to === here.pathname + here.search ? 'replace' : 'push';
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
let snapshot: PageLocation = { pathname: '', search: '' };

/** The current location; the same object until the address changes, as useSyncExternalStore needs. */
export function getLocation(): PageLocation {
  const { pathname, search } = window.location;
  if (pathname !== snapshot.pathname || search !== snapshot.search) snapshot = { pathname, search };
  return snapshot;
}

export function subscribeLocation(listener: () => void): () => void {
  if (!listeners.size) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) window.removeEventListener('popstate', notify);
  };
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  if (historyWrite(to, getLocation(), options?.replace) === 'replace') window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  notify();
}
