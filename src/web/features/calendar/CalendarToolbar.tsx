import { ChevronLeft, ChevronRight, PanelRightClose, PanelRightOpen, RefreshCw } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Button, PendingButton } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { CalendarView } from './dates';
import type { OnlineUser } from './OnlineUsers';
import { SIDE_PANEL_ID, SIDE_PANEL_TITLE } from './SidePanel';

// The badges' tooltips (Radix, floating-ui) load only when someone else is online (decision 047).
const OnlineUsers = lazy(() => import('./OnlineUsers').then((m) => ({ default: m.OnlineUsers })));

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day', wallchart: 'Wallchart' };
/** W is the week's, so the wallchart takes C ("chart", decision 089). */
export const VIEW_KEYS: Record<CalendarView, string> = { month: 'm', week: 'w', day: 'd', wallchart: 'c' };

interface CalendarToolbarProps {
  title: string;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  loading: boolean;
  onlineUsers: readonly OnlineUser[];
  currentUserId: number | undefined;
  panelOpen: boolean;
  onTogglePanel: () => void;
  /** View actions before the view switcher (the Authorise button of week and month views). */
  actions?: ReactNode;
}

/** Spec §2: Previous, Next, Today and Refresh, the title, the view switcher, who else is online and the panel toggle. */
export function CalendarToolbar(p: CalendarToolbarProps) {
  const periodName = p.view === 'wallchart' ? 'month' : VIEW_LABELS[p.view].toLowerCase();
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" aria-label={`Previous ${periodName}`} onClick={p.onPrevious}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="outline" size="sm" onClick={p.onToday} aria-keyshortcuts="t">
          Today
        </Button>
        <Button variant="outline" size="icon" aria-label={`Next ${periodName}`} onClick={p.onNext}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <h1 className="min-w-0 truncate text-lg font-semibold tracking-tight sm:text-2xl" aria-live="polite">
        {p.title}
      </h1>
      {p.loading ? (
        <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <span className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-muted-foreground border-t-transparent" aria-hidden />
          Loading calendar data...
        </span>
      ) : null}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {p.onlineUsers.some((u) => u.userId !== p.currentUserId) ? (
          <Suspense fallback={null}>
            <OnlineUsers users={p.onlineUsers} currentUserId={p.currentUserId} />
          </Suspense>
        ) : null}
        {p.actions}
        <div role="group" aria-label="Calendar view" className="inline-flex rounded-md border border-border bg-card p-0.5">
          {(Object.keys(VIEW_LABELS) as CalendarView[]).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={p.view === v}
              aria-keyshortcuts={VIEW_KEYS[v]}
              onClick={() => p.onViewChange(v)}
              className={cn(
                'h-7 rounded px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
                p.view === v
                  ? 'bg-primary text-primary-foreground dark:bg-blue-600'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
        <PendingButton variant="outline" size="sm" onClick={p.onRefresh} pending={p.refreshing} aria-label="Refresh">
          <RefreshCw className={cn('h-4 w-4', p.refreshing && 'animate-spin')} aria-hidden />
          <span className="hidden md:inline">Refresh</span>
        </PendingButton>
        <Button
          variant={p.panelOpen ? 'secondary' : 'outline'}
          size="sm"
          aria-expanded={p.panelOpen}
          aria-controls={p.panelOpen ? SIDE_PANEL_ID : undefined}
          onClick={p.onTogglePanel}
        >
          {p.panelOpen ? <PanelRightClose className="h-4 w-4" aria-hidden /> : <PanelRightOpen className="h-4 w-4" aria-hidden />}
          <span className="sr-only xl:not-sr-only">{SIDE_PANEL_TITLE}</span>
        </Button>
      </div>
    </div>
  );
}
