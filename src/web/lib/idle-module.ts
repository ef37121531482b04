import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module a page can draw without at first (a menu's Radix code, say): fetched when the browser is idle
 * after the first draw, or at once when the user reaches for it, so it is not part of the route's arrival
 * bundle (decision 047). `use()` gives the module once it is there, null before.
 */
export function idleModule<T>(loader: () => Promise<T>) {
  let mod: T | null = null;
  let started = false;
  const listeners = new Set<() => void>();
  const load = () => {
    if (started) return;
    started = true;
    void loader().then(
      (m) => {
        mod = m;
        listeners.forEach((l) => l());
      },
      () => {
        // A failed fetch (offline, a new deploy) is tried again on the next reach.
        started = false;
      },
    );
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const get = () => mod;
  function use(): T | null {
    const m = useSyncExternalStore(subscribe, get);
    useEffect(() => {
      if (m) return;
      const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
      const cancel = window.cancelIdleCallback ?? window.clearTimeout;
      const handle = idle(load);
      return () => cancel(handle);
    }, [m]);
    return m;
  }
  return { load, use };
}
