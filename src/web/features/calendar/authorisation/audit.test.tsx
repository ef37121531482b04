import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TDayChange } from '../../../../shared/contracts/calendar';
import { authorisedLead, formatStamp, hoursLine } from './audit';
import { AuthorisationAudit } from './AuthorisationAudit';

// Built from local parts, so the expected text holds in any time zone.
const at = new Date(2026, 10, 21, 14, 5).toISOString();
const change = (over: Partial<TDayChange>): TDayChange => ({
  date: '2026-11-25',
  authorised: true,
  defaultHours: 76,
  currentHours: 38,
  authorisedHours: 45.6,
  authorisedBy: 'admin',
  authorisedAt: at,
  lastModified: new Date(2026, 10, 21, 13, 0).toISOString(),
  ...over,
});
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter(Boolean);

describe('audit trail', () => {
  it('formats a timestamp as day, short month, year and 24-hour time', () => {
    expect(formatStamp(at)).toBe('21 Nov 2026, 14:05');
    expect(formatStamp(new Date(2027, 0, 3, 9, 0).toISOString())).toBe('3 Jan 2027, 09:00');
  });

  it('names who signed the day off, and says "Last" once it changed again', () => {
    expect(authorisedLead(change({}))).toBe('Authorised by admin');
    expect(authorisedLead(change({ authorised: false }))).toBe('Last authorised by admin');
    expect(authorisedLead(change({ authorisedBy: null }))).toBe('Authorised');
    expect(authorisedLead(change({ authorised: false, authorisedBy: null, authorisedAt: null }))).toBeNull();
  });

  it('compares the authorised hours with the hours now', () => {
    expect(hoursLine(45.6, 38)).toBe('Authorised 45.6h · now 38.0h');
    expect(hoursLine(null, 38)).toBe('Now 38.0h');
  });

  it('shows who, when and the hours for a day with a row, and nothing without one', () => {
    const html = renderToStaticMarkup(<AuthorisationAudit day={{ dayChange: change({}), availableHours: 38 }} />);
    expect(text(html).join('')).toBe(
      'AuthorisationAuthorised by admin on 21 Nov 2026, 14:05Authorised 45.6h · now 38.0hLast changed 21 Nov 2026, 13:00',
    );
    const fresh = renderToStaticMarkup(
      <AuthorisationAudit
        day={{
          dayChange: change({ authorised: false, authorisedAt: null, authorisedBy: null, authorisedHours: null }),
          availableHours: null,
        }}
      />,
    );
    expect(text(fresh)).toContain('Not authorised yet');
    expect(text(fresh)).toContain('Now 38.0h');
    expect(renderToStaticMarkup(<AuthorisationAudit day={{ dayChange: null, availableHours: 38 }} />)).toBe('');
  });
});
