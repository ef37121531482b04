import { and, count, eq, max } from 'drizzle-orm';
import { employeeDefaults, weekdayFields, ZEmployeeInput, type TEmployee, type TEmployeeInput } from '../../../shared/contracts/employees';
import { EMPLOYEE_COLUMNS } from '../../../shared/contracts/transfer';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, sites } from '../../db/schema';
import { refreshRecorded, todayOf } from '../day-ledger';
import { insertFirstVersions, listEmployees, ownedEmployee, setHoursFromToday } from '../employees';
import { assertCanAddEmployee } from '../subscriptions';
import { listTeams } from '../teams';
import { readCsv } from './csv-read';
import { readStart } from './employee-starts';
import { changesTeam, resolveTeams, teamCell, teamReader, type TeamChoice } from './employee-teams';
import { applyUserLinks, changesUser, userReader, type UserChoice } from './employee-users';
import { issueMessages, nameKey, numberCell, type Plan } from './plan';

/**
 * Employees from CSV: a row with an Id updates that employee; otherwise the name finds one, or a new one is made.
 * The Team column names the employee's team (./employee-teams.ts); User email, the user who is that employee
 * (./employee-users.ts); Start date, a new employee's first day (./employee-starts.ts).
 */

/** `start`: a new employee's first day (its first contract version's start). */
type Op = { id: number | null; values: TEmployeeInput; team: TeamChoice; user: UserChoice; start: string };
type EmployeeRow = TEmployee;

const DAY_COLUMNS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const PREVIEW_COLUMNS = ['Name', 'Efficiency', ...DAY_COLUMNS, 'Team'];

const same = (a: TEmployeeInput, b: EmployeeRow) =>
  a.name === b.name && a.efficiency === b.efficiency && weekdayFields.every((f) => a[f] === b[f]);

export async function planEmployees(db: Db, actor: Actor, csv: string, now: Date): Promise<Plan<Op>> {
  const rows = readCsv(csv, EMPLOYEE_COLUMNS, ['Name']);
  // Hours as the employee list shows them: the version in force today.
  const existing = (await listEmployees(db, actor, now)).sort((a, b) => a.id - b.id);
  const byId = new Map(existing.map((e) => [e.id, e]));
  const byName = new Map<string, EmployeeRow[]>();
  for (const e of existing) byName.set(nameKey(e.name), [...(byName.get(nameKey(e.name)) ?? []), e]);

  const readTeam = await teamReader(db, actor);
  const users = await userReader(db, actor);
  const teamNames = new Map((await listTeams(db, actor)).map((t) => [t.id, t.name]));
  // The links show only when the file has their column: most files are about hours, and leave links alone.
  const withUsers = rows[0]?.get('User email') !== undefined;
  const withStarts = rows[0]?.get('Start date') !== undefined;
  const columns = [...PREVIEW_COLUMNS, ...(withUsers ? ['User email'] : []), ...(withStarts ? ['Start date'] : [])];
  const plan: Plan<Op> = { columns, rows: [], errors: [] };
  const today = todayOf(now);
  const seen = new Map<string, number>();
  for (const row of rows) {
    const problems: string[] = [];
    const name = row.get('Name') ?? '';
    let target: EmployeeRow | undefined;
    const idText = row.get('Id');
    if (idText) {
      target = /^\d{1,9}$/.test(idText) ? byId.get(Number(idText)) : undefined;
      // Another site's id reads exactly like one that does not exist.
      if (!target) problems.push(`No employee with id ${idText} on this site`);
    } else if (name) {
      const matches = byName.get(nameKey(name)) ?? [];
      if (matches.length > 1) problems.push(`Several employees are named "${name}": give the Id column to say which`);
      target = matches.length === 1 ? matches[0] : undefined;
    }
    const base: TEmployeeInput = target ?? employeeDefaults;
    const raw: Record<string, unknown> = { name, efficiency: base.efficiency };
    const efficiency = numberCell(row.get('Efficiency')?.replace(/%$/, ''), 'Efficiency');
    if (efficiency.error) problems.push(efficiency.error);
    if (efficiency.value !== undefined) raw.efficiency = efficiency.value;
    weekdayFields.forEach((field, i) => {
      const cell = numberCell(row.get(DAY_COLUMNS[i]), DAY_COLUMNS[i]);
      if (cell.error) problems.push(cell.error);
      raw[field] = cell.value ?? base[field];
    });
    const team = readTeam(row.get('Team'));
    if (team.error) problems.push(team.error);
    const user = users.read(row.get('User email'), target?.id ?? null, row.line);
    if (user.error) problems.push(user.error);
    const start = readStart(row.get('Start date'), target, today);
    if (start.error) problems.push(start.error);
    const parsed = ZEmployeeInput.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = weekdayFields.indexOf(issue.path[0] as (typeof weekdayFields)[number]);
        problems.push(field >= 0 ? `${DAY_COLUMNS[field]}: ${issue.message}` : issue.message);
      }
    }
    const key = target ? `id:${target.id}` : `name:${nameKey(name)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined && name) problems.push(`"${name}" is already on line ${earlier}`);
    else seen.set(key, row.line);
    if (problems.length || !parsed.success) {
      plan.errors.push({ line: row.line, message: [...new Set(problems.length ? problems : issueMessages(parsed.error!))].join('; ') });
      continue;
    }
    const values = parsed.data;
    const action = !target
      ? 'create'
      : same(values, target) && !changesTeam(team.choice, target.teamId) && !changesUser(user.choice, target.userId)
        ? 'unchanged'
        : 'update';
    plan.rows.push({
      line: row.line,
      action,
      cells: [
        values.name,
        `${values.efficiency}%`,
        ...weekdayFields.map((f) => String(values[f])),
        teamCell(team.choice, teamNames.get(target?.teamId ?? 0)),
        ...(withUsers ? [users.emailOf(user.choice === undefined ? target?.userId : user.choice)] : []),
        ...(withStarts ? [target ? (target.startDate ?? '') : (start.start ?? today)] : []),
      ],
      op: { id: target?.id ?? null, values, team: team.choice, user: user.choice, start: start.start ?? today },
    });
  }
  return plan;
}

/** Carries out a plan without errors in the caller's transaction; a plan limit reached refuses the whole file. */
export async function applyEmployees(tx: Db, actor: Actor, plan: Plan<Op>, now: Date) {
  const creates = plan.rows.filter((r) => r.action === 'create').map((r) => r.op);
  const updates = plan.rows.filter((r) => r.action === 'update');
  const links: Array<{ employeeId: number; userId: number | null }> = [];
  const teamOf = await resolveTeams(
    tx,
    actor,
    plan.rows.map((r) => r.op.team),
    now,
  );
  if (creates.length) {
    await assertCanAddEmployee(tx, actor.siteId);
    const [{ top, last }] = await tx
      .select({ top: count(), last: max(employees.sortOrder) })
      .from(employees)
      .where(inSite(actor, employees.siteId));
    const [site] = await tx.select({ max: sites.maxEmployees, plan: sites.planType }).from(sites).where(inSite(actor, sites.id));
    if (site && site.max >= 0 && top + creates.length > site.max) {
      throw new AppError(
        'FORBIDDEN',
        `Your ${site.plan} plan allows up to ${site.max} employees; this file would make ${top + creates.length}. Upgrade your subscription to add more.`,
      );
    }
    const start = (last ?? -1) + 1;
    for (let i = 0; i < creates.length; i += 500) {
      const chunk = creates.slice(i, i + 500);
      const made = await tx
        .insert(employees)
        .values(
          chunk.map((op, j) => ({
            name: op.values.name,
            siteId: actor.siteId,
            teamId: teamOf(op.team) ?? null,
            startDate: op.start,
            sortOrder: start + i + j,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: employees.id });
      await insertFirstVersions(
        tx,
        actor,
        made.map((m, j) => ({ ...chunk[j].values, employeeId: m.id, startDate: chunk[j].start })),
        now,
      );
      made.forEach((m, j) => {
        const user = chunk[j].user;
        if (user != null) links.push({ employeeId: m.id, userId: user });
      });
    }
  }
  for (const { op } of updates) {
    const { versions } = await ownedEmployee(tx, actor, op.id!);
    await tx
      .update(employees)
      .set({ name: op.values.name, ...(op.team === undefined ? {} : { teamId: teamOf(op.team) }), updatedAt: now })
      .where(and(eq(employees.id, op.id!), inSite(actor, employees.siteId)));
    await setHoursFromToday(tx, actor, op.id!, versions, op.values, now);
    if (op.user !== undefined) links.push({ employeeId: op.id!, userId: op.user });
  }
  await applyUserLinks(tx, actor, links);
  if (creates.length || updates.length) await refreshRecorded(tx, actor.siteId, now);
}
