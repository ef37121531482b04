import { describe, expect, it } from 'vitest';
import { authorisedLine, formatStamp, hoursLine } from './audit';

// Built from local parts, so the expected text holds in any time zone.
const at = new Date(2026, 10, 21, 14, 5).toISOString();

describe('audit trail', () => {
  it('formats a timestamp as day, short month, year and 24-hour time', () => {
    expect(formatStamp(at)).toBe('21 Nov 2026, 14:05');
    expect(formatStamp(new Date(2027, 0, 3, 9, 0).toISOString())).toBe('3 Jan 2027, 09:00');
  });

  it('names who authorised the day and when', () => {
    expect(authorisedLine({ authorised: true, authorisedBy: 'admin', authorisedAt: at })).toBe('Authorised by admin on 21 Nov 2026, 14:05');
    expect(authorisedLine({ authorised: false, authorisedBy: 'admin', authorisedAt: at })).toBe('Last authorised by admin on 21 Nov 2026, 14:05');
    expect(authorisedLine({ authorised: true, authorisedBy: null, authorisedAt: at })).toBe('Authorised on 21 Nov 2026, 14:05');
    expect(authorisedLine({ authorised: false, authorisedBy: null, authorisedAt: null })).toBe('Not authorised yet');
  });

  it('compares the authorised hours with the hours now', () => {
    expect(hoursLine(45.6, 38)).toBe('Authorised 45.6h · now 38.0h');
    expect(hoursLine(null, 38)).toBe('Now 38.0h');
  });
});
