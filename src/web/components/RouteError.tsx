import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Every route's error boundary: a plain message and a way back instead of the router's stack trace.
 * The error itself goes to the console for whoever debugs it; users never see code.
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <TriangleAlert className="h-10 w-10 text-amber-500" aria-hidden />
      <h1 className="mt-3 text-xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-sm text-muted-foreground">This page could not be shown. Your saved data is safe; try again or go back to the calendar.</p>
      <div className="mt-6 flex items-center gap-4 text-sm font-medium">
        <Link to="/" reloadDocument className="text-link hover:underline">
          Back to Calendar
        </Link>
        <button type="button" className="text-link hover:underline" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}
