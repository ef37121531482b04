import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module a page can draw without at first (a menu's Radix code, say): fetched when the browser is idle
 * after the first draw, or at once when the user reaches for it, so it is not part of the route's arrival
 * bundle (decision 047). `use()` gives the module once it is there, null before; `load()` resolves with the
 * module, or with null when the fetch failed (it is tried again on the next reach).
 */
export function idleModule<T>(loader: () => Promise<T>) {
  let mod: T | null = null;
  let loading: Promise<T | null> | null = null;
  const listeners = new Set<() => void>();
  const load = (): Promise<T | null> => {
    if (mod) return Promise.resolve(mod);
    loading ??= loader().then(
      (m) => {
        mod = m;
        listeners.forEach((l) => l());
        return m;
      },
      () => {
        // A failed fetch (offline, a new deploy) is tried again on the next reach.
        loading = null;
        return null;
      },
    );
    return loading;
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const get = () => mod;
  /** `prefetch` false: wait for a reach instead of fetching when idle (a reader who can never use it). */
  function use(prefetch = true): T | null {
    const m = useSyncExternalStore(subscribe, get);
    useEffect(() => {
      if (m || !prefetch) return;
      const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
      const cancel = window.cancelIdleCallback ?? window.clearTimeout;
      const handle = idle(() => void load());
      return () => cancel(handle);
    }, [m, prefetch]);
    return m;
  }
  return { load, use };
}
