import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { employees, exceptionReasons, exceptions, updatedAt } from './calendar';
import { createdAt, hours, sites } from './tenancy';
import { siteUsers } from './users';

/**
 * Time off a Staff user asks for their linked employee, until an approver decides (decision 092). Approving
 * creates the exception (`exception_id`) in the same transaction; `version` changes with every decision, and
 * the signed links of the approvers' mails name it, so a link is refused once the request changed.
 */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** Who asked; null once that user is deleted (the history keeps their name). */
    requesterUserId: integer('requester_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    requesterName: text('requester_name').notNull(),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => exceptionReasons.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isFullDay: boolean('is_full_day').notNull().default(true),
    hours: hours('hours'),
    note: text('note'),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    cancellationPending: boolean('cancellation_pending').notNull().default(false),
    /** The exception an approval created, while it stands (a manager may delete it: then null). */
    exceptionId: integer('exception_id').references(() => exceptions.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leave_requests_site_window_idx').on(t.siteId, t.startDate, t.endDate),
    index('leave_requests_employee_idx').on(t.employeeId),
    index('leave_requests_requester_idx').on(t.requesterUserId),
    check('leave_requests_span_order', sql`${t.endDate} >= ${t.startDate}`),
    check('leave_requests_status', sql`${t.status} in ('pending', 'approved', 'declined', 'cancelled')`),
  ],
);

/** The history of a request: who did what and when, with the site's available hours on each day before and after. */
export const leaveRequestEvents = pgTable(
  'leave_request_events',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => leaveRequests.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: varchar('action', { length: 30 }).notNull(),
    comment: text('comment'),
    days: jsonb('days')
      .$type<Array<{ date: string; before: number; after: number }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('leave_request_events_request_idx').on(t.requestId, t.id)],
);

/** Approvals given to a pending request: one for most types, two different approvers when the type says so. */
export const leaveRequestApprovals = pgTable(
  'leave_request_approvals',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => leaveRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);

/** The users who decide a site's requests; none named: the site's admins. */
export const leaveApprovers = pgTable(
  'leave_approvers',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.userId] })],
);

/** The mailed decision links already used: a link works once (its MAC is the key). */
export const leaveLinkUses = pgTable('leave_link_uses', {
  mac: varchar('mac', { length: 64 }).primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
