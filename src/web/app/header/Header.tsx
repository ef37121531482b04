import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { BugReportButton } from '../../features/bug-report/BugReportDialog';
import { LiveIndicator } from './LiveIndicator';
import { NavMenu } from './NavMenu';
import { SiteSwitcher } from './SiteSwitcher';
import { UserMenu } from './UserMenu';

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-2 sm:gap-3 sm:px-4">
        {/* Drawn first, so first in the focus order too; named at every width (the word hides below 640 px). */}
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md font-semibold focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Clock className="h-4 w-4" aria-hidden />
          </span>
          <span className="sr-only sm:not-sr-only">Hoursight</span>
        </Link>
        <NavMenu />
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-3">
          <LiveIndicator />
          <SiteSwitcher />
          <BugReportButton />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
