import type { ReactNode } from 'react';

/*
 * What the stand-in trigger (lazy-menu.tsx) and the Radix menus (menu-views.tsx) share, below both so
 * neither imports the other for it (decision 072).
 */

/** What the user did to the stand-in trigger before the menu's code arrived, done again on the real one. */
export type Replay = { kind: 'pointer' } | { kind: 'key'; key: string; code: string } | { kind: 'focus' } | null;

/** The trigger as both the stand-in and the Radix menu draw it. */
export interface TriggerLook {
  label: string;
  className: string;
  title?: string;
  busy?: boolean;
  children: ReactNode;
}
