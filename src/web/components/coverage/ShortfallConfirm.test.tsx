import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ShortfallConfirm, { type SuggestQuery } from './ShortfallConfirm';

const conflict = {
  message: 'This change leaves the site short: Tue 3 Mar drops to 41.0 h, 6.5 h under the minimum.',
  code: 'coverage_shortfall' as const,
  shortfalls: [
    { date: '2026-03-03', requiredHours: 47.5, availableBefore: 49, availableAfter: 41, shortHours: 6.5 },
    { date: '2026-03-04', requiredHours: 40, availableBefore: 44, availableAfter: 36.5, shortHours: 3.5 },
  ],
};
const query: SuggestQuery = { employeeId: 4, reasonId: 2, startDate: '2026-03-03', endDate: '2026-03-04', isFullDay: true, hours: null };
const noop = () => {};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter(Boolean);

function render(suggest?: SuggestQuery, cached?: unknown) {
  const qc = new QueryClient();
  if (cached) qc.setQueryData(['/api/coverage/suggest', { ...query, isFullDay: 'true', hours: undefined }], cached);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <ShortfallConfirm conflict={conflict} suggest={suggest} onMove={noop} onConfirm={noop} onBack={noop} busy={false} />
    </QueryClientProvider>,
  );
}

describe('ShortfallConfirm', () => {
  it('says each day the change drops, as an alert, and asks for a reason before Save anyway', () => {
    const html = render();
    expect(text(html)).toEqual([
      'This leaves the site short',
      'Tue 3 Mar drops to 41.0 h, 6.5 h under the minimum',
      'Wed 4 Mar drops to 36.5 h, 3.5 h under the minimum',
      'Reason',
      'Saved with the change, for whoever reviews the shortfall.',
      'Back',
      'Save anyway',
    ]);
    expect(html).toMatch(/<div role="alert"><ul[^>]*><li>Tue 3 Mar drops/);
    expect(html).toMatch(/<textarea[^>]*aria-required="true"/);
  });

  it('lists the assistant’s dates, each with its effect and a button that moves the change there', () => {
    const html = render(query, {
      shortfalls: conflict.shortfalls,
      suggestions: [
        {
          startDate: '2026-03-09',
          endDate: '2026-03-10',
          shiftDays: 6,
          lowestMarginHours: 0,
          effect: [
            { date: '2026-03-09', requiredHours: 40, availableAfter: 40 },
            { date: '2026-03-10', requiredHours: 47.5, availableAfter: 49 },
          ],
        },
        {
          startDate: '2026-02-24',
          endDate: '2026-02-25',
          shiftDays: -7,
          lowestMarginHours: 2.5,
          effect: [
            { date: '2026-02-24', requiredHours: 40, availableAfter: 42.5 },
            { date: '2026-02-25', requiredHours: null, availableAfter: 30 },
          ],
        },
      ],
    });
    const words = text(html);
    const from = words.indexOf('Nearby dates that keep every day covered');
    expect(words.slice(from, words.indexOf('Reason'))).toEqual([
      'Nearby dates that keep every day covered',
      'Mon 9 – Tue 10 Mar (6 days later): every day covered, lowest margin 0.0 h',
      'Mon 9 Mar: 40.0 h, minimum 40.0 h',
      'Tue 10 Mar: 49.0 h, minimum 47.5 h',
      'Move to Mon 9 – Tue 10 Mar',
      'Tue 24 – Wed 25 Feb (7 days earlier): every day covered, lowest margin 2.5 h',
      'Tue 24 Feb: 42.5 h, minimum 40.0 h',
      'Wed 25 Feb: 30.0 h, no minimum',
      'Move to Tue 24 – Wed 25 Feb',
    ]);
  });

  it('says so when no nearby dates keep cover, and says it is looking meanwhile', () => {
    expect(text(render(query, { shortfalls: conflict.shortfalls, suggestions: [] }))).toContain(
      'No nearby dates of the same length keep every day covered.',
    );
    expect(text(render(query))).toContain('Looking for nearby dates...');
  });
});
