import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../components/RouteError';
import { Spinner } from '../components/ui/page';
import { isAdminHost } from '../features/admin/host';
import { AdminOnly, NotFound } from './screens';
import { SignedOutLayout } from './Layout';

const loadSignedInLayout = () => import('./SignedInLayout');
const loadCalendar = () => import('../features/calendar/CalendarPage');
const loadEmployees = () => import('../features/employees/EmployeesPage');
const SignedInLayout = lazy(loadSignedInLayout);
// Its own chunk so the calendar's first load does not carry the sign-in form (decision 034).
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const CalendarPage = lazy(loadCalendar);
const EmployeesPage = lazy(loadEmployees);
const ExceptionTypesPage = lazy(() => import('../features/exception-types/ExceptionTypesPage'));
const RegisterPage = lazy(() => import('../features/accounts/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/accounts/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/accounts/ResetPasswordPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const UserManagementPage = lazy(() => import('../features/users/UserManagementPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const AdminPortal = lazy(() => import('../features/admin/AdminPortal'));
const SubscriptionPage = lazy(() => import('../features/subscription/SubscriptionPage'));
const SubscribePage = lazy(() => import('../features/subscription/SubscribePage'));

const page = (node: ReactNode) => <Suspense fallback={<Spinner label="Loading..." />}>{node}</Suspense>;

/** Spec §2 route table. The admin portal has its own sign-in, so it sits outside both layouts. */
const routes = [
  { path: '/admin', element: page(<AdminPortal />) },
  {
    element: <SignedOutLayout />,
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
      { path: '/employees', element: page(<EmployeesPage />), errorElement: <RouteError /> },
      { path: '/exception-types', element: page(<ExceptionTypesPage />), errorElement: <RouteError /> },
      { path: '/reports', element: page(<ReportsPage />), errorElement: <RouteError /> },
      { path: '/settings', element: page(<SettingsPage />), errorElement: <RouteError /> },
      {
        path: '/user-management',
        errorElement: <RouteError />,
        element: (
          <AdminOnly message="You don't have permission to access user management. Admin access required.">
            {page(<UserManagementPage />)}
          </AdminOnly>
        ),
      },
      {
        path: '/subscription',
        errorElement: <RouteError />,
        element: (
          <AdminOnly message="You don't have permission to manage the subscription. Admin access required.">
            {page(<SubscriptionPage />)}
          </AdminOnly>
        ),
      },
      {
        path: '/subscribe',
        errorElement: <RouteError />,
        element: (
          <AdminOnly message="You don't have permission to manage the subscription. Admin access required.">
            {page(<SubscribePage />)}
          </AdminOnly>
        ),
      },
      { path: '*', element: <NotFound />, errorElement: <RouteError /> },
    ],
  },
];

/**
 * The layout and the page are separate chunks that React would fetch one after the other; starting both at
 * boot fetches them alongside the session check instead.
 */
function warmStart(pathname: string) {
  const pageLoad = ({ '/': loadCalendar, '/employees': loadEmployees } as Record<string, () => Promise<unknown>>)[pathname];
  if (!pageLoad) return;
  void loadSignedInLayout();
  void pageLoad();
}
if (!isAdminHost(window.location.hostname)) warmStart(window.location.pathname);

/** On the admin sub-host every path is the portal (spec §2). */
export const router = createBrowserRouter(isAdminHost(window.location.hostname) ? [{ path: '*', element: page(<AdminPortal />) }] : routes);
