import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../components/RouteError';
import { Spinner } from '../components/ui/page';
import { isAdminHost } from '../features/admin/host';
import { AdminOnly, NotFound, NotForStaff } from './screens';
import { loadCalendar, loadEmployees, loadSignedInLayout } from './page-chunks';
import { SIGNED_OUT_PAGES } from './signed-out/pages';

const SignedInLayout = lazy(loadSignedInLayout);
const SignedOutLayout = lazy(() => import('./SignedOutLayout'));
// The signed-out pages are their own chunks, shared with the entry's router that shows them on arrival (decision 050).
const LoginPage = lazy(SIGNED_OUT_PAGES['/login']);
const RegisterPage = lazy(SIGNED_OUT_PAGES['/register']);
const ForgotPasswordPage = lazy(SIGNED_OUT_PAGES['/forgot-password']);
const ResetPasswordPage = lazy(SIGNED_OUT_PAGES['/reset-password']);
const CalendarPage = lazy(loadCalendar);
const EmployeesPage = lazy(loadEmployees);
const EmployeePage = lazy(() => import('../features/employees/EmployeePage'));
const ExceptionTypesPage = lazy(() => import('../features/exception-types/ExceptionTypesPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const UserManagementPage = lazy(() => import('../features/users/UserManagementPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const AdminPortal = lazy(() => import('../features/admin/AdminPortal'));
const SubscriptionPage = lazy(() => import('../features/subscription/SubscriptionPage'));
const TimeOffPage = lazy(() => import('../features/time-off/TimeOffPage'));
const RequestsPage = lazy(() => import('../features/requests/RequestsPage'));
const SubscribePage = lazy(() => import('../features/subscription/SubscribePage'));
const CapacityPage = lazy(() => import('../features/capacity/CapacityPage'));

const page = (node: ReactNode) => <Suspense fallback={<Spinner label="Loading..." />}>{node}</Suspense>;
/** A page Staff are not offered: they are sent to the calendar (decision 091; the list they may open is nav-links.ts). */
const staffOff = (node: ReactNode) => <NotForStaff>{node}</NotForStaff>;

/** Spec §2 route table. The admin portal has its own sign-in, so it sits outside both layouts. */
const routes = [
  { path: '/admin', element: page(<AdminPortal />) },
  {
    element: page(<SignedOutLayout />),
    // Per route below (inside the layout, so the header stays) and here for a layout that fails itself.
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: page(<LoginPage />), errorElement: <RouteError /> },
      { path: '/register', element: page(<RegisterPage />), errorElement: <RouteError /> },
      { path: '/forgot-password', element: page(<ForgotPasswordPage />), errorElement: <RouteError /> },
      { path: '/reset-password', element: page(<ResetPasswordPage />), errorElement: <RouteError /> },
    ],
  },
  {
    element: page(<SignedInLayout />),
    errorElement: <RouteError />,
    children: [
      { path: '/', element: page(<CalendarPage />), errorElement: <RouteError /> },
      // Stripe returns the browser here after payment (spec §4): the calendar lives at /.
      { path: '/calendar', element: <Navigate to="/" replace /> },
      { path: '/employees', element: staffOff(page(<EmployeesPage />)), errorElement: <RouteError /> },
      // The same access as the list it opens from: any signed-in user of the site (decision 088).
      { path: '/employees/:id', element: staffOff(page(<EmployeePage />)), errorElement: <RouteError /> },
      { path: '/exception-types', element: staffOff(page(<ExceptionTypesPage />)), errorElement: <RouteError /> },
      { path: '/reports', element: staffOff(page(<ReportsPage />)), errorElement: <RouteError /> },
      { path: '/settings', element: staffOff(page(<SettingsPage />)), errorElement: <RouteError /> },
      // The capacity forecast (decision 100): not for Staff, whose forecast route is closed.
      { path: '/capacity', element: staffOff(page(<CapacityPage />)), errorElement: <RouteError /> },
      // Time off (decision 093): a person's own requests, and the approvers' list (the server decides who may act).
      { path: '/time-off', element: page(<TimeOffPage />), errorElement: <RouteError /> },
      // Staff are sent to their own time off (decision 113).
      { path: '/requests', element: <NotForStaff to="/time-off">{page(<RequestsPage />)}</NotForStaff>, errorElement: <RouteError /> },
      {
        path: '/user-management',
        errorElement: <RouteError />,
        element: staffOff(
          <AdminOnly message="You don't have permission to access user management. Admin access required.">
            {page(<UserManagementPage />)}
          </AdminOnly>,
        ),
      },
      {
        path: '/subscription',
        errorElement: <RouteError />,
        element: staffOff(
          <AdminOnly message="You don't have permission to manage the subscription. Admin access required.">
            {page(<SubscriptionPage />)}
          </AdminOnly>,
        ),
      },
      {
        path: '/subscribe',
        errorElement: <RouteError />,
        element: staffOff(
          <AdminOnly message="You don't have permission to manage the subscription. Admin access required.">
            {page(<SubscribePage />)}
          </AdminOnly>,
        ),
      },
      { path: '*', element: <NotFound />, errorElement: <RouteError /> },
    ],
  },
];

/**
 * Made when the full app first renders, not at import: after a sign-in on the signed-out pages the address
 * is already the calendar's (decision 050). The calendar's chunks and first request were started by the
 * entry (page-loaders.ts). On the admin sub-host every path is the portal (spec §2).
 */
export const createAppRouter = () =>
  createBrowserRouter(isAdminHost(window.location.hostname) ? [{ path: '*', element: page(<AdminPortal />) }] : routes);
