import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every scan applies: WCAG 2.1, levels A and AA (decision 043). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's axe violations, one line each (rule and the nodes it flagged), so a failed assertion reads as a
 * list of what to mend. `exclude` leaves out a part axe cannot enter (a sandboxed preview frame).
 *
 * Legacy mode runs `axe.run` in the page itself; the default runs each frame's part, then opens a blank page
 * to merge them, sending axe's 550 kB source three times. Violations only: by default axe also returns every
 * passing node with its selector (735 kB for the calendar). Together a third of the time per scan, over the
 * suite's 140 scans. Legacy mode does not scan cross-origin frames, and the app has none (decision 056).
 */
export async function axeViolations(page: Page, exclude?: string): Promise<string[]> {
  // options() replaces every option set before it, withTags() included: so options first.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_21_AA).setLegacyMode(true);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
