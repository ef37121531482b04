/**
 * Checked by `npm run typecheck`, never run: a plain number must not scope a tenant query (decision 074).
 * Each `@ts-expect-error` below fails the typecheck the day its call compiles, that is the day a helper
 * starts taking a bare `number` again. The lines without one show the ways a site id may be had.
 */
import type { Column } from 'drizzle-orm';
import type { Db } from '../db/client';
import { readDays, recordDays, refreshRecorded } from '../modules/day-ledger';
import { assertCanAddEmployee } from '../modules/subscriptions';
import { inSite, inSiteId, inPermittedSite, siteIdForFixture, type Actor, type ActorSiteId } from './access';

export function rawNumbersDoNotScope(db: Db, actor: Actor, column: Column, fromRequest: number, now: Date) {
  // @ts-expect-error a number is not a site id the gate minted
  const bare: ActorSiteId = fromRequest;
  // @ts-expect-error an object carrying a number is not an actor
  inSite({ siteId: fromRequest }, column);
  // @ts-expect-error the id of a request's params or body
  inSiteId(fromRequest, column);
  // @ts-expect-error a minted id is not a permitted one: only permittedSite checks the actor may use it
  inPermittedSite(actor.siteId, column);
  // @ts-expect-error the hours engine reads one site's data
  void readDays(db, fromRequest, ['2026-11-28']);
  // @ts-expect-error marking days writes one site's rows
  void recordDays(db, fromRequest, ['2026-11-28'], now);
  // @ts-expect-error a literal id
  void refreshRecorded(db, 7, now);
  // @ts-expect-error the session's raw column, not the actor's minted site
  void assertCanAddEmployee(db, actor.currentSiteId);
  return bare;
}

export function mintedIdsScope(db: Db, actor: Actor, column: Column, now: Date) {
  inSite(actor, column);
  inSiteId(actor.siteId, column);
  void readDays(db, actor.siteId, ['2026-11-28']);
  void refreshRecorded(db, siteIdForFixture(7), now);
  // A minted id is still a number where one is read (a lock key, a row to insert).
  const key: number = actor.siteId;
  return key;
}
