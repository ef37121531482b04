/**
 * The signed-out pages' own router (decision 050): the address bar through the History API, read with
 * useSyncExternalStore. React-router takes over the same history when the full app starts, so entries are
 * written as its browser history writes them (`{ usr, key, idx }`): with a position, a Back from the full app
 * into one of them is a step it can count, and a blocker (LeaveGuard) can hold it.
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

/** React-router's entry state: `usr` the navigation's state, `key` an id, `idx` the entry's position. */
export interface EntryState {
  usr: null;
  key: string;
  idx: number;
}

/** The position of an entry from its state, or null for one written without a position. */
export function positionOf(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/** The state of the entry a navigation writes: one past the current entry for a push, in its place for a replace. */
export function entryState(current: unknown, write: 'push' | 'replace', key: string): EntryState {
  const here = positionOf(current) ?? 0;
  return { usr: null, key, idx: write === 'push' ? here + 1 : here };
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
  const { history } = window;
  // The arrival's entry gets position 0 first, as react-router gives it when it starts.
  if (positionOf(history.state) === null) history.replaceState({ ...history.state, idx: 0 }, '');
  const write = historyWrite(to, getLocation(), options?.replace);
  const state = entryState(history.state, write, Math.random().toString(36).slice(2, 10));
  if (write === 'replace') history.replaceState(state, '', to);
  else history.pushState(state, '', to);
  notify();
}
