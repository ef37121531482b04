import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

/** The centred card of the signed-out screens: sign-in, registration, forgotten and reset password. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border border-border bg-card p-6 shadow-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-2 flex h-10 w-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Clock className="h-5 w-5" aria-hidden />
          </span>
          <p className="text-lg font-semibold">Hoursight</p>
          <p className="text-xs text-muted-foreground">Track Time, Master Exceptions</p>
          <h1 className="mt-4 text-xl font-semibold">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
