import { useCallback, useLayoutEffect, useRef } from 'react';
import { captureOpener, onDialogClosed, type Opener } from './focus';

/**
 * For a dialog's content: remembers the opener when `open` turns true (a layout effect runs before Radix
 * moves focus in) and returns Radix's onCloseAutoFocus handler that puts focus back (see lib/focus.ts).
 */
export function useFocusReturn(open: boolean) {
  const opener = useRef<Opener | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = captureOpener();
  }, [open]);
  return useCallback((event: Event) => onDialogClosed(opener.current, event), []);
}
