import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/ui/page';
import { LoginPage } from '../features/auth/LoginPage';
import { AdminOnly, NotFound, TitleScreen } from './screens';
import { SignedInLayout, SignedOutLayout } from './Layout';

const CalendarPage = lazy(() => import('../features/calendar/CalendarPage'));
const EmployeesPage = lazy(() => import('../features/employees/EmployeesPage'));
const ExceptionTypesPage = lazy(() => import('../features/exception-types/ExceptionTypesPage'));
const RegisterPage = lazy(() => import('../features/accounts/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/accounts/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/accounts/ResetPasswordPage'));
const UserManagementPage = lazy(() => import('../features/users/UserManagementPage'));

const page = (node: ReactNode) => <Suspense fallback={<Spinner label="Loading..." />}>{node}</Suspense>;

/** Spec §2 route table. */
export const router = createBrowserRouter([
  {
    element: <SignedOutLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
      { path: '/reset-password', element: page(<ResetPasswordPage />) },
    ],
  },
  {
    element: <SignedInLayout />,
    children: [
      { path: '/', element: page(<CalendarPage />) },
      { path: '/employees', element: page(<EmployeesPage />) },
      { path: '/exception-types', element: page(<ExceptionTypesPage />) },
      { path: '/reports', element: <TitleScreen title="Reports" /> },
      { path: '/settings', element: <TitleScreen title="Settings" /> },
      {
        path: '/user-management',
        element: (
          <AdminOnly message="You don't have permission to access user management. Admin access required.">
            {page(<UserManagementPage />)}
          </AdminOnly>
        ),
      },
      {
        path: '/subscription',
        element: (
          <AdminOnly message="You don't have permission to manage the subscription. Admin access required.">
            <TitleScreen title="Subscription" />
          </AdminOnly>
        ),
      },
      {
        path: '/subscribe',
        element: (
          <AdminOnly message="You don't have permission to manage the subscription. Admin access required.">
            <TitleScreen title="Upgrade" />
          </AdminOnly>
        ),
      },
      { path: '/admin', element: <TitleScreen title="Admin portal" /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
