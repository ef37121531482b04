import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { teamMessages, type TTeam, type TTeamCreate, type TTeamUpdate } from '../../../shared/contracts/teams';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { employees, teams } from '../../db/schema';

/**
 * Teams (departments) within the actor's site (decision 085). Names are unique in a site whatever their case
 * (the database's `teams_site_name_unique` index settles a race); positions are dense from 0. Deleting a team
 * leaves its employees without one (the foreign key's `on delete set null`).
 */

type TeamRow = typeof teams.$inferSelect;

/** The site's teams in order, each with how many employees it holds. */
export async function listTeams(db: Db, actor: Actor): Promise<TTeam[]> {
  return db
    .select({ id: teams.id, name: teams.name, sortOrder: teams.sortOrder, employeeCount: count(employees.id) })
    .from(teams)
    .leftJoin(employees, and(eq(employees.teamId, teams.id), inSite(actor, employees.siteId)))
    .where(inSite(actor, teams.siteId))
    .groupBy(teams.id)
    .orderBy(asc(teams.sortOrder), asc(teams.id));
}

async function readTeam(db: Db, actor: Actor, id: number): Promise<TTeam> {
  return found(
    (await listTeams(db, actor)).find((t) => t.id === id),
    'Team',
  );
}

/** The site's team of that name whatever its case, other than `except`. */
async function sameName(db: Db, actor: Actor, name: string, except?: number): Promise<TeamRow | undefined> {
  const rows = await db
    .select()
    .from(teams)
    .where(and(inSite(actor, teams.siteId), eq(sql`lower(${teams.name})`, name.toLowerCase())));
  return rows.find((r) => r.id !== except);
}

/** Runs a write that may meet another team's name: the pre-check's message, or the same for a lost race. */
async function unique<T>(db: Db, actor: Actor, name: string, except: number | undefined, write: () => Promise<T>): Promise<T> {
  const clash = await sameName(db, actor, name, except);
  if (clash) throw new AppError('CONFLICT', teamMessages.duplicate(clash.name));
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', teamMessages.duplicate(name));
    throw err;
  }
}

/** A new team goes to the end of the list. */
export async function createTeam(db: Db, actor: Actor, input: TTeamCreate, now: Date): Promise<TTeam> {
  return unique(db, actor, input.name, undefined, () =>
    db.transaction(async (tx) => {
      const [{ top }] = await tx
        .select({ top: max(teams.sortOrder) })
        .from(teams)
        .where(inSite(actor, teams.siteId));
      const [row] = await tx
        .insert(teams)
        .values({ siteId: actor.siteId, name: input.name, sortOrder: (top ?? -1) + 1, createdAt: now, updatedAt: now })
        .returning();
      return { id: row.id, name: row.name, sortOrder: row.sortOrder, employeeCount: 0 };
    }),
  );
}

/**
 * Renames and/or moves a team. A move takes the team out of the list and puts it back at `sortOrder` (the end
 * when past it), then renumbers the list densely, writing only the rows whose position changed. The site's
 * teams are locked first, so two moves at once cannot leave two teams at one position.
 */
export async function updateTeam(db: Db, actor: Actor, id: number, input: TTeamUpdate, now: Date): Promise<TTeam> {
  const write = () =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(teams)
        .where(inSite(actor, teams.siteId))
        .orderBy(asc(teams.sortOrder), asc(teams.id))
        .for('update');
      const team = found(
        rows.find((r) => r.id === id),
        'Team',
      );
      if (input.name !== undefined && input.name !== team.name) {
        await tx
          .update(teams)
          .set({ name: input.name, updatedAt: now })
          .where(and(eq(teams.id, id), inSite(actor, teams.siteId)));
      }
      if (input.sortOrder !== undefined) {
        const others = rows.filter((r) => r.id !== id);
        const ordered = [...others.slice(0, input.sortOrder), team, ...others.slice(input.sortOrder)];
        for (const [position, row] of ordered.entries()) {
          if (row.sortOrder === position) continue;
          await tx
            .update(teams)
            .set({ sortOrder: position })
            .where(and(eq(teams.id, row.id), inSite(actor, teams.siteId)));
        }
      }
      return readTeam(tx, actor, id);
    });
  if (input.name === undefined) return write();
  // Not found answers before a clash: a team of another site must not reveal whether the name is taken here.
  await readTeam(db, actor, id);
  return unique(db, actor, input.name, id, write);
}

/** Deletes the team; its employees stay, without a team. Positions are renumbered densely. */
export async function deleteTeam(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(teams)
      .where(inSite(actor, teams.siteId))
      .orderBy(asc(teams.sortOrder), asc(teams.id))
      .for('update');
    found(
      rows.find((r) => r.id === id),
      'Team',
    );
    await tx.delete(teams).where(and(eq(teams.id, id), inSite(actor, teams.siteId)));
    for (const [position, row] of rows.filter((r) => r.id !== id).entries()) {
      if (row.sortOrder !== position) await tx.update(teams).set({ sortOrder: position }).where(eq(teams.id, row.id));
    }
  });
}

/**
 * Checks that `teamId` names a team of the actor's site (a team of another site answers as an unknown one),
 * for the employee calls: a 400 naming the id, since the id is a field of the request, not the resource.
 */
export async function assertTeamOfSite(db: Db, actor: Actor, teamId: number | null | undefined): Promise<void> {
  if (teamId === null || teamId === undefined) return;
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), inSite(actor, teams.siteId)));
  if (!row) throw new AppError('BAD_REQUEST', teamMessages.unknownTeam(teamId));
}

/** The site's teams by lower-cased name, for the employee import. */
export async function teamsByName(db: Db, actor: Actor): Promise<Map<string, { id: number; name: string }>> {
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(inSite(actor, teams.siteId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}
