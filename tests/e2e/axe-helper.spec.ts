import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';

/**
 * The scanner behind every accessibility assertion finds what it should: a scan that quietly checked nothing
 * would pass all 118 of them. No app needed: the page is written here.
 */
test('axeViolations names each violation, again in the same document, and leaves out an excluded part', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Scan check</title></head><body><main>
    <h1>Scan check</h1>
    <div id="pictures"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>
    <button></button>
  </main></body></html>`);
  const rules = (lines: string[]) => lines.map((line) => line.split(':')[0]).sort();

  const first = await axeViolations(page);
  expect(rules(first)).toEqual(['button-name', 'image-alt']);
  expect(first.find((line) => line.startsWith('image-alt'))).toBe('image-alt: img');
  // axe is already in this document now: the second scan runs it without sending its source again.
  expect(rules(await axeViolations(page))).toEqual(['button-name', 'image-alt']);
  expect(rules(await axeViolations(page, '#pictures'))).toEqual(['button-name']);
});
