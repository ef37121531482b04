import { describe, expect, it } from 'vitest';
import { comboboxKey, exactOption, filterOptions, foldedWords, foldText, matchesQuery } from './combobox-logic';

const people = [
  { value: '1', label: 'Ann Smith' },
  { value: '2', label: 'Mary-Ann Jones' },
  { value: '3', label: 'Zoë Ångström' },
  { value: '4', label: "Sean O'Neil" },
  { value: '5', label: 'Joanna Banner' },
];

describe('combobox matching', () => {
  it('folds case and accents', () => {
    expect(foldText('Zoë Ångström')).toBe('zoe angstrom');
    expect(foldedWords("Mary-Ann O'Neil")).toEqual(['mary', 'ann', 'o', 'neil']);
  });

  it('matches the start of any word, not the middle of one', () => {
    expect(filterOptions(people, 'ann').map((p) => p.value)).toEqual(['1', '2']);
    expect(matchesQuery('Joanna Banner', 'ann')).toBe(false);
    expect(filterOptions(people, 'ban').map((p) => p.value)).toEqual(['5']);
  });

  it('ignores case and accents on both sides', () => {
    expect(filterOptions(people, 'ZOE').map((p) => p.value)).toEqual(['3']);
    expect(filterOptions(people, 'angs').map((p) => p.value)).toEqual(['3']);
    expect(filterOptions(people, 'Ångs').map((p) => p.value)).toEqual(['3']);
  });

  it('needs every typed word, in any order', () => {
    expect(filterOptions(people, 'sm an').map((p) => p.value)).toEqual(['1']);
    expect(filterOptions(people, 'ann jo').map((p) => p.value)).toEqual(['2']);
    expect(filterOptions(people, 'neil o').map((p) => p.value)).toEqual(['4']);
    expect(filterOptions(people, 'ann xyz')).toEqual([]);
  });

  it('matches everything when nothing but spaces is typed', () => {
    expect(filterOptions(people, '   ')).toHaveLength(5);
  });

  it('takes a name typed in full only when exactly one has it', () => {
    expect(exactOption(people, ' ann smith ')?.value).toBe('1');
    expect(exactOption(people, 'zoe angstrom')?.value).toBe('3');
    expect(exactOption(people, 'ann')).toBeUndefined();
    expect(exactOption([...people, { value: '6', label: 'Ann Smith' }], 'Ann Smith')).toBeUndefined();
  });
});

describe('combobox keys', () => {
  const closed = { open: false, active: -1 };

  it('Down opens on the current value, else the first option, then moves and wraps', () => {
    expect(comboboxKey(closed, { key: 'ArrowDown', count: 4, selected: 2 })).toEqual({
      state: { open: true, active: 2 },
      pick: false,
      handled: true,
    });
    expect(comboboxKey(closed, { key: 'ArrowDown', count: 4, selected: -1 }).state).toEqual({ open: true, active: 0 });
    expect(comboboxKey({ open: true, active: 1 }, { key: 'ArrowDown', count: 4, selected: -1 }).state.active).toBe(2);
    expect(comboboxKey({ open: true, active: 3 }, { key: 'ArrowDown', count: 4, selected: -1 }).state.active).toBe(0);
  });

  it('Alt+Down opens without moving', () => {
    expect(comboboxKey(closed, { key: 'ArrowDown', altKey: true, count: 4, selected: 2 }).state).toEqual({ open: true, active: -1 });
  });

  it('Up opens on the current value, else the last option, then moves and wraps', () => {
    expect(comboboxKey(closed, { key: 'ArrowUp', count: 4, selected: -1 }).state).toEqual({ open: true, active: 3 });
    expect(comboboxKey(closed, { key: 'ArrowUp', count: 4, selected: 1 }).state).toEqual({ open: true, active: 1 });
    expect(comboboxKey({ open: true, active: 0 }, { key: 'ArrowUp', count: 4, selected: -1 }).state.active).toBe(3);
    expect(comboboxKey({ open: true, active: 2 }, { key: 'ArrowUp', count: 4, selected: -1 }).state.active).toBe(1);
  });

  it('Home and End go to the ends of an open list with an active option, else move the caret', () => {
    expect(comboboxKey({ open: true, active: 2 }, { key: 'Home', count: 4, selected: -1 })).toEqual({
      state: { open: true, active: 0 },
      pick: false,
      handled: true,
    });
    expect(comboboxKey({ open: true, active: 1 }, { key: 'End', count: 4, selected: -1 }).state.active).toBe(3);
    expect(comboboxKey(closed, { key: 'Home', count: 4, selected: -1 }).handled).toBe(false);
    expect(comboboxKey({ open: true, active: -1 }, { key: 'End', count: 4, selected: -1 }).handled).toBe(false);
  });

  it('Enter picks the active option and closes; with none active it stays open and does not submit', () => {
    expect(comboboxKey({ open: true, active: 1 }, { key: 'Enter', count: 4, selected: -1 })).toEqual({
      state: { open: false, active: 1 },
      pick: true,
      handled: true,
    });
    expect(comboboxKey({ open: true, active: -1 }, { key: 'Enter', count: 4, selected: -1 })).toEqual({
      state: { open: true, active: -1 },
      pick: false,
      handled: true,
    });
    // A closed list leaves Enter to the form.
    expect(comboboxKey(closed, { key: 'Enter', count: 4, selected: 0 }).handled).toBe(false);
  });

  it('Escape closes an open list and leaves a closed one to the dialog', () => {
    expect(comboboxKey({ open: true, active: 2 }, { key: 'Escape', count: 4, selected: -1 })).toEqual({
      state: { open: false, active: -1 },
      pick: false,
      handled: true,
    });
    expect(comboboxKey(closed, { key: 'Escape', count: 4, selected: -1 }).handled).toBe(false);
  });

  it('Tab picks the active option but still moves focus on', () => {
    expect(comboboxKey({ open: true, active: 2 }, { key: 'Tab', count: 4, selected: -1 })).toEqual({
      state: { open: false, active: -1 },
      pick: true,
      handled: false,
    });
    expect(comboboxKey({ open: true, active: -1 }, { key: 'Tab', count: 4, selected: -1 }).pick).toBe(false);
  });

  it('opens on an empty list without an active option', () => {
    expect(comboboxKey(closed, { key: 'ArrowDown', count: 0, selected: -1 }).state).toEqual({ open: true, active: -1 });
    expect(comboboxKey(closed, { key: 'ArrowUp', count: 0, selected: -1 }).state).toEqual({ open: true, active: -1 });
  });
});
