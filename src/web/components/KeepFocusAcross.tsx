import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * An editor keyed by what the server holds starts again from the saved values after a save, and the button that
 * saved goes with the old editor: focus would fall to the page (WCAG 2.4.3). Wrapped in this, the element focused
 * last inside it is found again by its id in the new editor and takes focus back, unless focus already went
 * somewhere on purpose. Give the editor's buttons and fields ids.
 */
export function KeepFocusAcross({ version, children }: { version: string; children: ReactNode }) {
  const last = useRef<string | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (last.current) document.getElementById(last.current)?.focus();
  }, [version]);
  return (
    <div className="contents" onFocus={(e) => (last.current = e.target.id || null)}>
      {children}
    </div>
  );
}
