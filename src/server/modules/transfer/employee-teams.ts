import { max } from 'drizzle-orm';
import { ZTeamCreate } from '../../../shared/contracts/teams';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema';
import { teamsByName } from '../teams';
import { nameKey } from './plan';

/**
 * The Team column of the employee import (decision 085). A file without the column leaves every team as it is;
 * an empty cell means no team; a name is matched without regard to case. A name the site does not have yet is
 * a new team when an administrator imports (made once, in the file's spelling of its first mention), and an
 * error of its row for anyone else, since only administrators manage teams.
 */

/** `undefined`: keep the team; `null`: none; `existing`: that team; `create`: the team made for that name. */
export type TeamChoice = undefined | null | { existing: { id: number; name: string } } | { create: string };

export type TeamReader = (cell: string | undefined) => { choice: TeamChoice; error?: string };

export async function teamReader(db: Db, actor: Actor): Promise<TeamReader> {
  const known = await teamsByName(db, actor);
  const fresh = new Map<string, string>();
  return (cell) => {
    if (cell === undefined) return { choice: undefined };
    if (cell === '') return { choice: null };
    const key = nameKey(cell);
    const team = known.get(key);
    if (team) return { choice: { existing: team } };
    if (!actor.isAdmin) return { choice: undefined, error: `Team: no team named "${cell}" on this site; an administrator can add it` };
    const parsed = ZTeamCreate.safeParse({ name: cell });
    if (!parsed.success) return { choice: undefined, error: `Team: ${parsed.error.issues[0].message}` };
    if (!fresh.has(key)) fresh.set(key, parsed.data.name);
    return { choice: { create: fresh.get(key)! } };
  };
}

/** The team's name as the preview shows it ('' for none, and for "keep" the employee's current one). */
export const teamCell = (choice: TeamChoice, current: string | undefined): string =>
  choice === undefined ? (current ?? '') : choice === null ? '' : 'existing' in choice ? choice.existing.name : choice.create;

/** Whether the choice would change an employee now in team `teamId`. */
export const changesTeam = (choice: TeamChoice, teamId: number | null | undefined): boolean =>
  choice !== undefined && (choice === null ? (teamId ?? null) !== null : !('existing' in choice) || choice.existing.id !== teamId);

/**
 * Makes the plan's new teams at the end of the site's list and answers every choice's team id. Runs in the
 * import's transaction; a team of the same name made meanwhile fails the import as a clash (409), not twice.
 */
export async function resolveTeams(tx: Db, actor: Actor, choices: readonly TeamChoice[], now: Date) {
  const names = [...new Set(choices.flatMap((c) => (c && 'create' in c ? [c.create] : [])))];
  const made = new Map<string, number>();
  if (names.length) {
    const [{ top }] = await tx
      .select({ top: max(teams.sortOrder) })
      .from(teams)
      .where(inSite(actor, teams.siteId));
    const rows = await tx
      .insert(teams)
      .values(names.map((name, i) => ({ siteId: actor.siteId, name, sortOrder: (top ?? -1) + 1 + i, createdAt: now, updatedAt: now })))
      .returning({ id: teams.id, name: teams.name });
    for (const r of rows) made.set(r.name, r.id);
  }
  return (choice: TeamChoice): number | null | undefined =>
    choice === undefined || choice === null ? choice : 'existing' in choice ? choice.existing.id : made.get(choice.create)!;
}
