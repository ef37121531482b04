import { describe, expect, it } from 'vitest';
import { CARD_BACKGROUND, CHART_COLOURS } from './chart-colours';

// WCAG 2.1 relative luminance and contrast (the same formula as src/web/contrast.test.ts).
const luminance = (hex: string) =>
  [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('the Capacity chart’s colours', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keep 3:1 against the card in the ${theme} theme (lines, markers), 4.5:1 for the axis text`, () => {
      const c = CHART_COLOURS[theme];
      for (const colour of [c.available, c.required, c.default, c.ifApproved, c.short]) {
        expect(contrast(colour, CARD_BACKGROUND[theme]), colour).toBeGreaterThanOrEqual(3);
      }
      expect(contrast(c.text, CARD_BACKGROUND[theme])).toBeGreaterThanOrEqual(4.5);
    });
  }
});
