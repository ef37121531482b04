/** The parts of a click event that decide whether a link may navigate in-page. */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * A link takes over only a plain main-button click on itself; a modified click (ctrl/meta: new tab, shift:
 * new window, alt: download), a click another handler already took, or a link that targets another frame is
 * left to the browser, as for any anchor.
 */
export function isPlainLeftClick(e: ClickLike, target?: string | null): boolean {
  return e.button === 0 && !e.defaultPrevented && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && (!target || target === '_self');
}
