import { useEffect, useState } from 'react';

/** Spec §9: the admin search waits 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
