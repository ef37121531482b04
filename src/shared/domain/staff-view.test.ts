import { describe, expect, it } from 'vitest';
import { isSicknessType, typeShownToStaff } from './staff-view';

describe('what counts as sickness (decision 106)', () => {
  it('a type flagged Sickness, whatever its name', () => {
    expect(isSicknessType({ name: 'Wellbeing day', isSickness: true })).toBe(true);
  });

  it('a type whose name says sickness or health, flagged or not', () => {
    for (const name of ['Sick Leave', 'sickness', 'Illness', 'Ill', 'Medical appointment', "Doctor's visit", 'Hospital', 'Injury'])
      expect([name, isSicknessType({ name })]).toEqual([name, true]);
  });

  it('not other types, nor words that merely contain "ill"', () => {
    for (const name of ['Annual Leave', 'Training', 'Overtime', 'Will writing', 'Skills day', 'Jury Service'])
      expect([name, isSicknessType({ name, isSickness: false })]).toEqual([name, false]);
  });
});

describe('typeShownToStaff', () => {
  it('only with the site setting on, and never a sickness type', () => {
    expect(typeShownToStaff({ name: 'Annual Leave' }, false)).toBe(false);
    expect(typeShownToStaff({ name: 'Annual Leave' }, true)).toBe(true);
    expect(typeShownToStaff({ name: 'Sick Leave' }, true)).toBe(false);
    expect(typeShownToStaff({ name: 'Wellbeing day', isSickness: true }, true)).toBe(false);
  });
});
