/** The main pages, inline on wide screens (NavMenu.tsx) and in the folded menu (menu-views.tsx). */
export const NAV_LINKS = [
  { to: '/', label: 'Calendar' },
  { to: '/employees', label: 'Employee Management' },
  { to: '/exception-types', label: 'Manage Exception Types' },
  { to: '/reports', label: 'Reports' },
] as const;
