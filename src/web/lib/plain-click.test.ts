import { describe, expect, it } from 'vitest';
import { isPlainLeftClick, type ClickLike } from './plain-click';

const click = (over: Partial<ClickLike> = {}): ClickLike => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  ...over,
});

describe('isPlainLeftClick', () => {
  it('takes a plain main-button click, with no target or _self', () => {
    expect(isPlainLeftClick(click())).toBe(true);
    expect(isPlainLeftClick(click(), '')).toBe(true);
    expect(isPlainLeftClick(click(), '_self')).toBe(true);
  });

  it('leaves modified clicks to the browser', () => {
    expect(isPlainLeftClick(click({ ctrlKey: true }))).toBe(false);
    expect(isPlainLeftClick(click({ metaKey: true }))).toBe(false);
    expect(isPlainLeftClick(click({ shiftKey: true }))).toBe(false);
    expect(isPlainLeftClick(click({ altKey: true }))).toBe(false);
  });

  it('leaves the middle and right buttons, handled clicks and other targets to the browser', () => {
    expect(isPlainLeftClick(click({ button: 1 }))).toBe(false);
    expect(isPlainLeftClick(click({ button: 2 }))).toBe(false);
    expect(isPlainLeftClick(click({ defaultPrevented: true }))).toBe(false);
    expect(isPlainLeftClick(click(), '_blank')).toBe(false);
  });
});
