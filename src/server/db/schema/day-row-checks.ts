import { integer, pgTable } from 'drizzle-orm/pg-core';
import { sites } from './tenancy';

/**
 * A site whose stored day rows (`day_changes`) still need one check against the hours engine (decision 111): rows
 * written before every change refreshed the days it moves may disagree with the calendar, the day explanation and
 * the reports. Migration 0033 lists every site that existed then; the day ledger's `repairStoredDays` job brings
 * each site's rows up to date and deletes its row in the same transaction. A site created later never needs one.
 */
export const dayRowChecks = pgTable('day_row_checks', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
});
