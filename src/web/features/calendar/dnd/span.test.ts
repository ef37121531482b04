import { describe, expect, it } from 'vitest';
import { dayOffset, resizeSpan, sameSpan, shiftSpan, spanAfterDrop } from './span';

const span = { startDate: '2027-03-10', endDate: '2027-03-12' };

describe('span moves and resizes', () => {
  it('shifts the whole span by the day offset, across month ends', () => {
    expect(dayOffset('2027-03-11', '2027-04-01')).toBe(21);
    expect(shiftSpan(span, 21)).toEqual({ startDate: '2027-03-31', endDate: '2027-04-02' });
    expect(shiftSpan(span, -10)).toEqual({ startDate: '2027-02-28', endDate: '2027-03-02' });
    expect(spanAfterDrop(span, 'move', '2027-03-11', '2027-03-18')).toEqual({ startDate: '2027-03-17', endDate: '2027-03-19' });
    expect(sameSpan(spanAfterDrop(span, 'move', '2027-03-11', '2027-03-11'), span)).toBe(true);
  });

  it('moves one end with a handle', () => {
    expect(resizeSpan(span, 'start', '2027-03-05')).toEqual({ startDate: '2027-03-05', endDate: '2027-03-12' });
    expect(resizeSpan(span, 'start', '2027-03-12')).toEqual({ startDate: '2027-03-12', endDate: '2027-03-12' });
    expect(resizeSpan(span, 'end', '2027-03-20')).toEqual({ startDate: '2027-03-10', endDate: '2027-03-20' });
    expect(resizeSpan(span, 'end', '2027-03-10')).toEqual({ startDate: '2027-03-10', endDate: '2027-03-10' });
  });

  it('sets both ends equal when the start passes the end, or the end the start', () => {
    expect(resizeSpan(span, 'start', '2027-03-15')).toEqual({ startDate: '2027-03-15', endDate: '2027-03-15' });
    expect(resizeSpan(span, 'end', '2027-03-01')).toEqual({ startDate: '2027-03-01', endDate: '2027-03-01' });
  });
});
