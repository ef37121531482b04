import { describe, expect, it } from 'vitest';
import { authoriseLabel, datesToAuthorise } from './AuthoriseViewButton';

describe('the view’s Authorise button', () => {
  it('reads "Authorise All" in week view and names the month in month view', () => {
    expect(authoriseLabel('week', '2026-11-21')).toBe('Authorise All');
    expect(authoriseLabel('month', '2026-11-21')).toBe('Authorise November');
    expect(authoriseLabel('month', '2027-01-01')).toBe('Authorise January');
  });

  it('takes only the changed days of the view, and in month view only the month’s own days', () => {
    const days = [
      { date: '2026-10-30', isChanged: true, isCurrentMonth: false },
      { date: '2026-11-02', isChanged: true, isCurrentMonth: true },
      { date: '2026-11-03', isChanged: false, isCurrentMonth: true },
      { date: '2026-11-04', isChanged: true, isCurrentMonth: true },
    ];
    expect(datesToAuthorise(days)).toEqual(['2026-11-02', '2026-11-04']);
    expect(datesToAuthorise([])).toEqual([]);
  });
});
