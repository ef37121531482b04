import { describe, expect, it } from 'vitest';
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import { barAt, buildWallBars, buildWallRows } from './rows';

const emp = (id: number, name: string, teamId: number | null) => ({ id, name, teamId }) as unknown as TEmployee;
const exc = (id: number, employeeId: number, startDate: string, endDate: string) =>
  ({ id, employeeId, startDate, endDate, reasonName: 'Holiday', reasonColor: '#0a0' }) as unknown as TExceptionView;

const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'];

describe('buildWallBars', () => {
  it('clips exceptions to the shown days and stacks overlaps in lanes', () => {
    const bars = buildWallBars(days, [
      exc(1, 7, '2026-10-30', '2026-11-02'),
      exc(2, 7, '2026-11-02', '2026-11-04'),
      exc(3, 7, '2026-11-05', '2026-11-09'),
    ]);
    const seven = bars.get(7)!;
    expect(seven.lanes).toBe(2);
    expect(seven.bars.map((b) => [b.exception.id, b.from, b.to, b.lane])).toEqual([
      [1, 0, 1, 0],
      [2, 1, 3, 1],
      [3, 4, 4, 0],
    ]);
    expect(barAt(seven.bars, 1)?.exception.id).toBe(1);
    expect(barAt(seven.bars, 2)?.exception.id).toBe(2);
    expect(barAt(seven.bars, 0)?.exception.id).toBe(1);
  });

  it('leaves out exceptions outside the days', () => {
    expect(buildWallBars(days, [exc(1, 7, '2026-12-01', '2026-12-02')]).size).toBe(0);
  });
});

describe('buildWallRows', () => {
  const teams = [
    { id: 2, name: 'Packing', sortOrder: 1 },
    { id: 1, name: 'Office', sortOrder: 0 },
    { id: 3, name: 'Empty', sortOrder: 2 },
  ];
  const employees = [emp(1, 'Ana', 2), emp(2, 'Ben', null), emp(3, 'Cy', 1), emp(4, 'Di', 2), emp(5, 'Ed', 99)];

  it('groups by team order with "No team" last and skips empty teams', () => {
    const rows = buildWallRows(employees, teams, new Map(), new Set());
    expect(rows.map((r) => (r.kind === 'team' ? `# ${r.name} ${r.count}` : r.employee.name))).toEqual([
      '# Office 1',
      'Cy',
      '# Packing 2',
      'Ana',
      'Di',
      '# No team 2',
      'Ben',
      'Ed',
    ]);
  });

  it('keeps only the header of a collapsed team', () => {
    const rows = buildWallRows(employees, teams, new Map(), new Set(['2']));
    expect(rows.map((r) => (r.kind === 'team' ? `# ${r.name}${r.collapsed ? ' (collapsed)' : ''}` : r.employee.name))).toEqual([
      '# Office',
      'Cy',
      '# Packing (collapsed)',
      '# No team',
      'Ben',
      'Ed',
    ]);
  });
});
