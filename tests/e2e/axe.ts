import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** The rules every scan applies: WCAG 2.1, levels A and AA (decision 043). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** WCAG 2.2's AA rules besides (target size among them), for the screens decision 115 checks against 2.2. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * The page's axe violations, one line each (rule and the nodes it flagged), so a failed assertion reads as a
 * list of what to mend. `exclude` leaves out a part axe cannot enter (a sandboxed preview frame).
 *
 * axe-core runs in the page itself (`axe.run`, as @axe-core/playwright's legacy mode does) and reports
 * violations only: every passing node's selector was 735 kB for the calendar. Its 550 kB source is sent only
 * when the document does not have it yet: @axe-core/playwright evaluated it twice per scan, and a dialog's
 * scan runs in the document its screen's scan has just loaded it into (decisions 056 and 058). The app has
 * no cross-origin frames, which `axe.run` does not enter.
 */
export async function axeViolations(page: Page, exclude?: string, tags: string[] = WCAG_21_AA): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function'))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const context = exclude ? { exclude: [exclude] } : document;
      const { violations } = await (window as AxeWindow).axe!.run(context, {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: tags },
      });
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { tags, exclude },
  );
}
