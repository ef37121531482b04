/**
 * The routes a Staff user, and the changes a read-only user, may call: written out, so a new one is a choice.
 * Shared by the access-level tests and the access-order tests (decision 105).
 */

/** What a Staff user may call (decision 091): the calendar's reads and their own account. */
export const STAFF_MAY_CALL = [
  'GET /api/auth/me',
  'GET /api/calendar',
  'GET /api/notes',
  'GET /api/public-holidays',
  'GET /api/day-changes',
  'GET /api/exception-reasons',
  'GET /api/exceptions',
  'GET /api/teams',
  'GET /api/settings',
  'GET /api/sites',
  'GET /api/subscription/status',
  'GET /api/live',
  'POST /api/bug-report',
  // Time-off requests (decision 092): a request is the caller's own; deciding is a writer's (decision 105).
  'GET /api/leave-requests',
  'POST /api/leave-requests',
  'GET /api/leave-requests/:id',
  'POST /api/leave-requests/:id/cancel',
  // Balances (decision 095): Staff see only their own linked employee's.
  'GET /api/balances',
  // The preview of a request's balance (decision 112): their own employee's only.
  'GET /api/balances/preview',
  // Coverage (decision 096): everyone reads the site's minimum hours.
  'GET /api/coverage-rules',
];

/** Mutating routes a read-only user may call: they change no tenant data but their own. */
export const READ_ONLY_MAY_CALL = [
  'POST /api/auth/login',
  // The code step of a sign-in (decision 065): it follows the password, before any session exists.
  'POST /api/auth/login/two-factor',
  'POST /api/auth/logout',
  'POST /api/bug-report',
  'POST /api/switch-site',
  // Staff ask for and cancel their own time off; only writers decide (decision 105).
  'POST /api/leave-requests',
  'POST /api/leave-requests/:id/cancel',
  // Reports only read: read-only users may make, download and send them (spec 02 §6).
  'POST /api/report-preview',
  'POST /api/generate-pdf',
  'POST /api/reports/csv',
  'POST /api/email-report',
  // A user's own saved report recipients (decision 082): an address book for what they may send.
  'POST /api/report-recipient-lists',
  'PUT /api/report-recipient-lists/:id',
  'DELETE /api/report-recipient-lists/:id',
  // A user's own digests change no tenant data; the signed turn-off link needs no sign-in at all.
  'POST /api/saved-notifications',
  'PUT /api/saved-notifications/:id',
  'PATCH /api/saved-notifications/:id/toggle',
  'DELETE /api/saved-notifications/:id',
  'POST /api/test-email',
  'POST /api/notifications/disable',
  // The form of a mailed Approve or Decline button: the signed link, not a session, names the approver (decision 092).
  'POST /api/leave-decision',
  // Revoking a calendar feed only takes access away: a read-only user may revoke one they made (decision 063).
  'DELETE /api/calendar-feeds/:id',
  // Stripe's own call, authenticated by its signature.
  'POST /api/stripe/webhook',
  'POST /auth/register',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
];
