/**
 * Where focus goes when a dialog closes. Radix returns focus to a Dialog.Trigger, and our dialogs are
 * opened by code (a pill, a day, a menu item) with no Trigger, so Radix sent focus to <body>. A dialog
 * remembers what opened it; on close focus goes back there, or, when that element is gone (the pill was
 * deleted, the button disappeared), to the same pill elsewhere, its day cell, or the page's heading.
 */
export interface Opener {
  el: HTMLElement | null;
  /** The pill's `data-key` (a moved pill is found again by it). */
  key: string | undefined;
  /** The day cell's `data-date` the opener sat in. */
  date: string | undefined;
  /** When opened from inside another dialog: that dialog's opener, the next place to try. */
  parent: Opener | null;
}

const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** Dialogs open now, innermost last: a dialog that replaces another inherits the other's opener. */
const open: Opener[] = [];

function usable(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected || el === document.body) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  // Hidden (display: none at this width, or a collapsed container): focus() would do nothing.
  return el.getClientRects().length > 0;
}

/** Call when a dialog opens, before focus moves into it. */
export function captureOpener(): Opener {
  const active = document.activeElement;
  let opener: Opener;
  if (active instanceof HTMLElement && active !== document.body) {
    const inDialog = active.closest(DIALOG) !== null;
    opener = {
      el: active,
      key: active.closest<HTMLElement>('[data-key]')?.dataset.key,
      date: active.closest<HTMLElement>('[data-date]')?.dataset.date,
      parent: inDialog ? (open[open.length - 1] ?? null) : null,
    };
  } else {
    // The element that had focus was just removed (one dialog handing over to the next).
    opener = open[open.length - 1] ?? { el: null, key: undefined, date: undefined, parent: null };
  }
  open.push(opener);
  return opener;
}

/** The page's main heading, made focusable from script only. */
export function focusHeading(): boolean {
  const h = document.querySelector<HTMLElement>('main h1');
  if (!h) return false;
  if (!h.hasAttribute('tabindex')) h.tabIndex = -1;
  h.focus();
  return true;
}

/** Focuses the first usable place for `opener`; true when one took focus. */
export function restoreTo(opener: Opener | null): boolean {
  for (let o = opener; o; o = o.parent) {
    if (usable(o.el)) {
      o.el.focus();
      return true;
    }
    if (o.key) {
      const pill = [...document.querySelectorAll<HTMLElement>(`[data-key="${CSS.escape(o.key)}"]`)].find(usable);
      if (pill) {
        pill.focus();
        return true;
      }
    }
    const cell = o.date ? document.querySelector<HTMLElement>(`[role="gridcell"][data-date="${CSS.escape(o.date)}"]`) : null;
    if (usable(cell)) {
      cell.focus();
      return true;
    }
  }
  return focusHeading();
}

/** How long after a close a focused element that disappears (the refetch removed it) is replaced. */
const GUARD_MS = 3000;
/** How long a button that may vanish once its request is done keeps watching for that. */
const KEEP_NEAR_MS = 30_000;

/**
 * Radix's onCloseAutoFocus: prevent its jump to a missing Trigger and restore focus ourselves, unless
 * focus already sits in another dialog (the next one in a hand-over, or the parent of a confirmation).
 */
export function onDialogClosed(opener: Opener | null, event?: Event) {
  event?.preventDefault();
  const i = opener ? open.lastIndexOf(opener) : -1;
  if (i >= 0) open.splice(i, 1);
  const lost = () => {
    const now = document.activeElement;
    return !now || now === document.body || !now.isConnected;
  };
  if (!lost()) return;
  restoreTo(opener);
  // A save or delete updates the calendar after the close: when the element focused now is removed by
  // that update, focus would drop to the page again, so follow it for a moment. Once the user moves focus
  // on, the watch ends: a later loss is theirs to handle (an Authorise pressed next keeps its own watch).
  let placed = document.activeElement;
  const until = Date.now() + GUARD_MS;
  const id = window.setInterval(() => {
    const now = document.activeElement;
    if (Date.now() > until || (!lost() && now !== placed)) window.clearInterval(id);
    else if (lost() && open.length === 0) {
      restoreTo(opener);
      placed = document.activeElement;
    }
  }, 100);
}

/** Keeps focus on the page when the focused control is about to vanish (a button that hides once done). */
export function keepFocusNear(el: HTMLElement | null) {
  const opener: Opener = { el, key: undefined, date: el?.closest<HTMLElement>('[data-date]')?.dataset.date, parent: null };
  // Watched until the user moves on or the element goes, however long the request and the refetch after
  // it take (a fixed few seconds lost the race on a slow reply); capped so a watch never outlives its use.
  const until = Date.now() + KEEP_NEAR_MS;
  const id = window.setInterval(() => {
    const now = document.activeElement;
    const lost = !now || now === document.body || !now.isConnected;
    if (lost) restoreTo(opener);
    if (lost || now !== el || Date.now() > until) window.clearInterval(id);
  }, 50);
}
