import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useIsAdmin, useMe } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFound() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <p className="text-6xl font-bold text-muted-foreground">404</p>
      <h1 className="mt-3 text-2xl font-semibold">Page Not Found</h1>
      <p className="mt-2 text-sm text-muted-foreground">The page you are looking for does not exist.</p>
      <Link to="/" className="mt-6 text-sm font-medium text-link hover:underline">
        Back to Calendar
      </Link>
    </div>
  );
}

/** Admin-only screens: others see why they cannot enter, the server refuses their calls anyway. */
export function AdminOnly({ children, message }: { children: ReactNode; message: string }) {
  const admin = useIsAdmin();
  useDocumentTitle(admin ? undefined : 'Admin access required');
  if (admin) return <>{children}</>;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <ShieldAlert className="h-10 w-10 text-amber-500" aria-hidden />
      <h1 className="mt-3 text-xl font-semibold">Admin access required</h1>
      <p className="mt-2 text-sm text-muted-foreground">{message}</p>
    </div>
  );
}

/**
 * The screens Staff are not offered (decision 091): a Staff user who follows a link or types the address lands
 * on the calendar instead of a page whose every request the server refuses, or on `to` (the approvers' Requests
 * page sends them to their own time off, decision 113).
 */
export function NotForStaff({ children, to = '/' }: { children: ReactNode; to?: string }) {
  const me = useMe();
  if (me.data?.user.isStaff) return <Navigate to={to} replace />;
  return <>{children}</>;
}
