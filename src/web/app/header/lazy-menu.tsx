import { useState, type ReactNode } from 'react';
import { idleModule } from '../../lib/idle-module';
import type * as MenuViewsModule from './menu-views';
import type { Replay, TriggerLook } from './menu-trigger';

export type { Replay, TriggerLook } from './menu-trigger';
export type MenuViews = typeof MenuViewsModule;
const views = idleModule(() => import('./menu-views'));

/** Keys that open a Radix dropdown from its trigger. */
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A header menu whose Radix code (menu, popper, floating-ui: ~20 kB gzip) is not in the route's arrival
 * bundle (decision 047): until it arrives, a plain button that looks and is named the same stands in. The
 * code loads when the browser is idle after the first draw, or when the pointer or focus reaches the
 * button; a press or key on the stand-in is replayed on the real trigger, and focus moves over with it.
 */
export function LazyMenu({ look, render }: { look: TriggerLook; render: (views: MenuViews, replay: Replay) => ReactNode }) {
  const loaded = views.use();
  const [pending, setPending] = useState<Replay>(null);
  const [focused, setFocused] = useState(false);
  if (loaded) return render(loaded, pending ?? (focused ? { kind: 'focus' } : null));
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      aria-label={look.label}
      aria-busy={look.busy}
      title={look.title}
      className={look.className}
      onPointerEnter={views.load}
      onFocus={() => {
        setFocused(true);
        views.load();
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={(e) => {
        if (e.button !== 0 || e.ctrlKey) return;
        // As Radix does: the press opens the menu and does not move focus to the button.
        e.preventDefault();
        setPending({ kind: 'pointer' });
        views.load();
      }}
      onKeyDown={(e) => {
        if (!OPEN_KEYS.includes(e.key)) return;
        e.preventDefault();
        setPending({ kind: 'key', key: e.key, code: e.code });
        views.load();
      }}
    >
      {look.children}
    </button>
  );
}
