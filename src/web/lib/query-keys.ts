/**
 * Every react-query key of the web app in one place. A key starts with the API path it reads, so
 * invalidating by path reaches every window of a list, and features that share a list (the calendar and
 * Employee Management both read employees) share its cache without importing each other.
 */
export const API_PATHS = {
  me: '/api/auth/me',
  sites: '/api/sites',
  siteUsers: '/api/auth/site-users',
  exceptions: '/api/exceptions',
  notes: '/api/notes',
  holidays: '/api/public-holidays',
  dayChanges: '/api/day-changes',
  employees: '/api/employees',
  reasons: '/api/exception-reasons',
  settings: '/api/settings',
  teams: '/api/teams',
  coverageRules: '/api/coverage-rules',
  balances: '/api/balances',
  calendar: '/api/calendar',
} as const;

export const meKey = [API_PATHS.me] as const;
export const sitesKey = [API_PATHS.sites] as const;
export const siteUsersKey = [API_PATHS.siteUsers] as const;
export const sitePermissionsKey = (userId: number) => ['/api/auth/users', userId, 'site-permissions'] as const;
export const employeesKey = [API_PATHS.employees] as const;
export const reasonsKey = [API_PATHS.reasons] as const;
export const teamsKey = [API_PATHS.teams] as const;
export const settingsKey = [API_PATHS.settings] as const;
/** The Settings card's rules; the calendar's windows of them sit under the same path (decision 099). */
export const coverageRulesKey = [API_PATHS.coverageRules] as const;
/** This leave year's balances (lib/balances.ts). */
export const balancesKey = [API_PATHS.balances] as const;

/** A calendar list over an inclusive window of days. */
export const windowKey = (path: string, w: { startDate: string; endDate: string }) => [path, w.startDate, w.endDate] as const;

/**
 * The lists the calendar draws from, and the leave balances its changes move (an absence counts against the
 * allowance); a calendar refresh invalidates exactly these.
 */
export const CALENDAR_PATHS: readonly string[] = [
  API_PATHS.exceptions,
  API_PATHS.notes,
  API_PATHS.holidays,
  API_PATHS.dayChanges,
  API_PATHS.employees,
  API_PATHS.reasons,
  API_PATHS.settings,
  API_PATHS.coverageRules,
  API_PATHS.balances,
  // What a Staff user's reply says everyone else makes available (decision 106).
  API_PATHS.calendar,
];

export const subscriptionStatusKey = ['/api/subscription/status'] as const;
export const apiTokensKey = ['/api/api-tokens'] as const;
