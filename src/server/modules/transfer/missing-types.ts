import { asc } from 'drizzle-orm';
import { DEFAULT_REASON_COLOR, ZReasonInput } from '../../../shared/contracts/reasons';
import type { TMissingType } from '../../../shared/contracts/transfer';
import { inSiteScope, permittedScope, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { exceptionReasons } from '../../db/schema';
import { createReason } from '../exception-reasons';
import { issueMessages, nameKey } from './plan';

/**
 * Exception types a file names that the current site lacks, typically site-only types of the site the
 * file was exported from (decision 083). The export carries no type settings, so each takes its colour
 * and "adds hours" from a type of the same name in another site the user may use, else the defaults.
 */

interface Source {
  color: string;
  isAdditive: boolean;
  site: string;
}

/**
 * Site-only types of the actor's other permitted sites (same business; an API token reaches none), the
 * first by site then by id for each name, so the choice does not change from one preview to the next.
 */
async function typesOfOtherSites(db: Db, actor: Actor): Promise<Map<string, Source>> {
  const scope = await permittedScope(db, actor, (id) => id !== actor.siteId);
  const found = new Map<string, Source>();
  if (scope.sites.length === 0) return found;
  const siteNames = new Map(scope.sites.map((s) => [s.id as number, s.name]));
  const rows = await db
    .select({
      name: exceptionReasons.name,
      color: exceptionReasons.color,
      isAdditive: exceptionReasons.isAdditive,
      siteId: exceptionReasons.siteId,
    })
    .from(exceptionReasons)
    .where(inSiteScope(scope, exceptionReasons.siteId))
    .orderBy(asc(exceptionReasons.siteId), asc(exceptionReasons.id));
  for (const r of rows) {
    const key = nameKey(r.name);
    if (!found.has(key)) found.set(key, { color: r.color, isAdditive: r.isAdditive, site: siteNames.get(r.siteId!) ?? '' });
  }
  return found;
}

/** Each missing name once (as first written in the file, trimmed), with how many rows name it. */
export async function proposeTypes(db: Db, actor: Actor, names: Map<string, { name: string; rows: number }>): Promise<TMissingType[]> {
  if (names.size === 0) return [];
  const sources = await typesOfOtherSites(db, actor);
  return [...names].map(([key, { name, rows }]) => {
    const source = sources.get(key);
    // The very rules of POST /api/exception-reasons, so a type the import creates is one the form could.
    const parsed = ZReasonInput.safeParse({ name, color: source?.color ?? DEFAULT_REASON_COLOR, isAdditive: source?.isAdditive ?? false });
    return {
      name: parsed.success ? parsed.data.name : name.trim(),
      color: source?.color ?? DEFAULT_REASON_COLOR,
      isAdditive: source?.isAdditive ?? false,
      copiedFrom: source?.site ?? null,
      rows,
      error: parsed.success ? null : issueMessages(parsed.error).join('; '),
    };
  });
}

/** Creates the types through the exception type service, in the caller's transaction; their ids by name key. */
export async function createTypes(tx: Db, actor: Actor, types: TMissingType[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const t of types) {
    const created = await createReason(tx, actor, ZReasonInput.parse({ name: t.name, color: t.color, isAdditive: t.isAdditive }));
    ids.set(nameKey(created.name), created.id);
  }
  return ids;
}
