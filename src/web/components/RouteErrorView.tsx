import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * The screen of a page that failed: a plain message and a way back instead of a stack trace. Free of any
 * router, so react-router's error elements and the signed-out pages' boundary show the same screen. The
 * error itself goes to the console for whoever debugs it; users never see code.
 */
export function RouteErrorView({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <TriangleAlert className="h-10 w-10 text-amber-500" aria-hidden />
      <h1 className="mt-3 text-xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        This page could not be shown. Your saved data is safe; try again or go back to the calendar.
      </p>
      <div className="mt-6 flex items-center gap-4 text-sm font-medium">
        {/* A whole new document: the app starts afresh, whatever failed. */}
        <a href="/" className="text-link hover:underline">
          Back to Calendar
        </a>
        <button type="button" className="text-link hover:underline" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}
