import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOTE_PALETTE, STARTER_EXCEPTION_TYPES } from '../shared/domain/defaults';

/**
 * WCAG 2.1 contrast of the theme's own token values, read from styles.css (not copied here), so a token
 * change that breaks AA fails this test. Text needs 4.5:1 (1.4.3), borders and focus indicators 3:1 (1.4.11).
 */

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** CSS color-mix(in srgb, a p%, b): a straight mix of the 8-bit channels. */
function mix(a: string, b: string, p: number): string {
  const ch = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(ch(a, i) * p + ch(b, i) * (1 - p))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function tokens(block: string): Record<string, string> {
  const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
  const body = css.slice(css.indexOf(`${block} {`)).split('}')[0];
  return Object.fromEntries([...body.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1], m[2]]));
}

const THEMES = { light: tokens(':root'), dark: tokens('.dark') };

describe('the contrast function', () => {
  it('matches known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 2);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });
  it('mixes like color-mix in srgb', () => {
    expect(mix('#ff0000', '#ffffff', 0.2)).toBe('#ffcccc');
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});

for (const [theme, t] of Object.entries(THEMES)) {
  describe(`${theme} theme`, () => {
    it('has every token the checks read', () => {
      for (const name of [
        'fg',
        'muted-fg',
        'card',
        'bg',
        'muted',
        'primary',
        'primary-fg',
        'primary-hover',
        'destructive',
        'destructive-solid',
        'destructive-solid-hover',
        'input',
        'ring',
        'link',
        'day',
        'day-outside',
        'day-today',
        'day-awaiting',
        'day-hours',
      ])
        expect(t[name], name).toMatch(/^#[0-9a-f]{6}$/);
    });

    const days = ['day', 'day-outside', 'day-today', 'day-awaiting'] as const;
    const pillColours = [...NOTE_PALETTE.map((c) => c.color), ...STARTER_EXCEPTION_TYPES.map((c) => c.color)];

    it('pill text is 4.5:1 on every pill colour, at rest and hovered, on every day state', () => {
      // Pills are opaque: their tint is mixed with the card colour (Pill.tsx), whatever the day's background.
      for (const day of days)
        for (const colour of pillColours)
          for (const share of [0.2, 0.32]) {
            const fill = mix(colour, t.card, share);
            expect(contrast(t.fg, fill), `${day} ${colour} ${share}`).toBeGreaterThanOrEqual(4.5);
          }
    });

    it('day text (numbers, out-of-month numbers, hours, zero hours) is 4.5:1 on every day state', () => {
      for (const day of days) {
        expect(contrast(t.fg, t[day]), `fg on ${day}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t['muted-fg'], t[day]), `muted-fg on ${day}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t['day-hours'], t[day]), `hours on ${day}`).toBeGreaterThanOrEqual(4.5);
      }
    });

    it('focus indicators are 3:1 on every surface they are drawn on', () => {
      for (const surface of ['card', 'bg', 'muted', ...days])
        expect(contrast(t.ring, t[surface]), `ring on ${surface}`).toBeGreaterThanOrEqual(3);
      // Day cells draw their focus outline in the foreground colour.
      for (const day of days) expect(contrast(t.fg, t[day]), `cell outline on ${day}`).toBeGreaterThanOrEqual(3);
    });

    it('buttons, confirmations and the error toast keep white or primary text at 4.5:1, hovered too', () => {
      expect(contrast(t['primary-fg'], t.primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(t['primary-fg'], t['primary-hover'])).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', t['destructive-solid'])).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', t['destructive-solid-hover'])).toBeGreaterThanOrEqual(4.5);
    });

    it('error text, links and secondary text are 4.5:1 on cards and the page', () => {
      for (const surface of ['card', 'bg']) {
        expect(contrast(t.destructive, t[surface]), `error on ${surface}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.link, t[surface]), `link on ${surface}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t['muted-fg'], t[surface]), `muted on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(t['muted-fg'], t.muted)).toBeGreaterThanOrEqual(4.5);
    });

    it('form control borders are 3:1 against the card and the page', () => {
      expect(contrast(t.input, t.card)).toBeGreaterThanOrEqual(3);
      expect(contrast(t.input, t.bg)).toBeGreaterThanOrEqual(3);
    });
  });
}

describe('the day states by hand', () => {
  // Hand-checked anchors, so the checks above are not only relative to themselves: white on the old dark red
  // (#ef4444) was 3.76:1, and grey text on the old dark yellow day (#3f3c23) 4.35:1.
  it('the old values fail and the new ones pass', () => {
    expect(contrast('#ffffff', '#ef4444')).toBeCloseTo(3.76, 2);
    expect(contrast('#94a3b8', '#3f3c23')).toBeCloseTo(4.35, 2);
    expect(contrast(THEMES.dark['muted-fg'], THEMES.dark['day-awaiting'])).toBeGreaterThan(5);
  });
});
