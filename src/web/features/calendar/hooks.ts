import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { clampDay, localDay, parseDay, parseView, type CalendarView } from './dates';

/** The viewer's calendar day, rolled over at midnight while the screen stays open. */
export function useToday(): string {
  const [today, setToday] = useState(() => localDay(new Date()));
  useEffect(() => {
    const id = window.setInterval(() => setToday(localDay(new Date())), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return today;
}

/** View and date live in the URL (?view=week&date=2026-11-16), so reload and Back keep them. */
export function useCalendarLocation(today: string) {
  const [params, setParams] = useSearchParams();
  const view = parseView(params.get('view'));
  const date = parseDay(params.get('date'), today);
  // A date the calendar will not show is replaced in the address bar too, so what is shared matches what is seen.
  const raw = params.get('date');
  useEffect(() => {
    if (raw !== null && raw !== date) setParams((prev) => new URLSearchParams({ ...Object.fromEntries(prev), date }), { replace: true });
  }, [raw, date, setParams]);
  const go = useCallback(
    (next: { view?: CalendarView; date?: string }) => {
      // From the address bar, not the router's `prev`: that is the last *rendered* URL, and the router renders
      // in a transition, so a key pressed right after another (w then t) would undo the first one's view.
      const prev = new URLSearchParams(window.location.search);
      const out = new URLSearchParams(prev);
      out.set('view', next.view ?? parseView(prev.get('view')));
      out.set('date', clampDay(next.date ?? parseDay(prev.get('date'), today)));
      setParams(out);
    },
    [setParams, today],
  );
  return { view, date, go };
}

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

/** The element whose focused descendants the calendar's letter shortcuts listen to. */
export const SHORTCUT_SCOPE = 'data-calendar-shortcuts';

/**
 * Single-key shortcuts (t, m, w, d, ?), only while focus is inside the calendar (an element carrying
 * SHORTCUT_SCOPE): a letter typed with focus on a header link or anywhere else does nothing (WCAG 2.1.4).
 * Ignored while typing, with modifiers, or inside a dialog or menu.
 */
export function useShortcuts(map: Record<string, () => void>) {
  // The listener is registered once and reads the newest handlers, so a key pressed right after a view
  // change never runs the previous render's handler.
  const latest = useRef(map);
  useLayoutEffect(() => {
    latest.current = map;
  }, [map]);
  useEffect(() => {
    // A view change removes the focused day, and focus reaches the new heading a frame later; until then
    // keys go to <body>. Chrome fires no focusout for a removed element, so "focus was last in the calendar"
    // still holds then, and a key typed in that gap counts. Leaving the calendar any other way clears it.
    let lastInScope = false;
    const inScope = (el: EventTarget | null) => el instanceof Element && !!el.closest(`[${SHORTCUT_SCOPE}]`);
    const onFocusIn = (e: FocusEvent) => {
      lastInScope = inScope(e.target);
    };
    const onFocusOut = (e: FocusEvent) => {
      if (inScope(e.relatedTarget)) return;
      // A removed element may report its loss too: only focus that went somewhere else clears the flag.
      const left = e.target;
      queueMicrotask(() => {
        if (!(left instanceof Element) || left.isConnected) lastInScope = false;
      });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
      const target = e.target instanceof Element ? e.target : null;
      if (!target || !(inScope(target) || (target === document.body && lastInScope))) return;
      if (target.closest(TYPING) || target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      const action = latest.current[e.key === '?' ? '?' : e.key.toLowerCase()];
      if (!action) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}
