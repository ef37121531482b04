import { useSyncExternalStore } from 'react';

/** Phones: below Tailwind's `sm` breakpoint (640 px), where the calendar grids show dots instead of pills. */
export const NARROW_QUERY = '(max-width: 639.98px)';

/** Whether a media query matches now, updated when it changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
