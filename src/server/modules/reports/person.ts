import type { TAbsenceTotals } from '../../../shared/contracts/absence-totals';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { loadSites, sitesInScope } from './load';
import { add, finish, measureSite, zero, type UnitTotals } from './model';

/**
 * One person's absences in a window, per type (the employee's page, decision 088 as amended by 108): the exceptions
 * report's own measure over the site's data narrowed to that person, so the page and the report read the same
 * days and hours. Takes are per employee and day, so leaving the others out changes nothing of this person's.
 */
export async function absenceTotals(db: Db, actor: Actor, employeeId: number, from: string, to: string): Promise<TAbsenceTotals> {
  const scoped = await sitesInScope(db, actor, { siteScope: 'current' });
  const [site] = await loadSites(db, scoped, from, to, false);
  const employee = site?.employees.find((e) => e.id === employeeId);
  if (!site || !employee) throw new AppError('NOT_FOUND', 'Employee not found');
  const mine = site.exceptions.filter((x) => x.employeeId === employeeId);
  const measured = measureSite({ ...site, employees: [employee], exceptions: mine }, from, to);
  const byType = new Map<number, { name: string; isAdditive: boolean; t: UnitTotals }>();
  const all = zero();
  for (const x of mine) {
    const t = measured.get(x.id);
    if (!t) continue;
    const entry = byType.get(x.reasonId) ?? { name: x.reasonName, isAdditive: x.isAdditive, t: zero() };
    add(entry.t, t);
    byType.set(x.reasonId, entry);
    add(all, t);
  }
  const types = [...byType.entries()]
    .map(([reasonId, e]) => ({ reasonId, name: e.name, isAdditive: e.isAdditive, ...finish(e.t) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { employeeId, startDate: from, endDate: to, types, totals: finish(all) };
}
