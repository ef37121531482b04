/** One page of the main navigation. */
export interface NavEntry {
  to: string;
  label: string;
}

/** The main pages, inline on wide screens (NavMenu.tsx) and in the folded menu (menu-views.tsx). */
export const NAV_LINKS: readonly NavEntry[] = [
  { to: '/', label: 'Calendar' },
  { to: '/employees', label: 'Employee Management' },
  { to: '/exception-types', label: 'Manage Exception Types' },
  { to: '/reports', label: 'Reports' },
  { to: '/capacity', label: 'Capacity' },
];

/**
 * What a Staff user is offered (decision 091): the calendar, and the screens built for Staff. A page for Staff
 * joins this list (e.g. `{ to: '/my-time-off', label: 'My time off' }`) and its route in router.tsx goes
 * without `staffOff`, which sends Staff to the calendar from every other page.
 */
export const STAFF_NAV_LINKS: readonly NavEntry[] = [{ to: '/', label: 'Calendar' }];

/** The navigation for the signed-in user: Staff see only their own list. */
export const navLinksFor = (user: { isStaff: boolean } | undefined): readonly NavEntry[] => (user?.isStaff ? STAFF_NAV_LINKS : NAV_LINKS);
