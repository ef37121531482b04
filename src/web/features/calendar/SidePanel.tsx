import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/media';
import type { TEmployee } from '../../../shared/contracts/employees';
import type { TSidebarCategory } from '../../../shared/contracts/settings';
import { SIDEBAR_CATEGORIES } from '../../../shared/domain/sidebar';
import { Button, PendingButton } from '../../components/ui/button';
import { useCalendarEmployees, useReasons, useReorderCategories, useSettings } from './api';
import { EmployeeItems, NoteTemplateItems, ReasonItems } from './SidePanelSections';

export const SIDE_PANEL_ID = 'calendar-side-panel';
export const SIDE_PANEL_TITLE = 'Employees & Exceptions';
const TITLES: Record<TSidebarCategory, string> = { employees: 'Employees', notes: 'Notes', exceptions: 'Exception Types' };

/**
 * Spec §2: the right side panel, in the site's section order. Writers get up and down arrows per
 * section; read-only users see the same panel without them. Static beside the calendar on wide
 * screens, a drawer over it on narrow ones.
 */
export function SidePanel({
  canEdit,
  employees: filtered,
  onClose,
}: {
  canEdit: boolean;
  /** The employees a calendar filter keeps; omitted, the site's whole list. */
  employees?: readonly TEmployee[];
  onClose: () => void;
}) {
  const settings = useSettings();
  const employees = useCalendarEmployees();
  const reasons = useReasons();
  const reorder = useReorderCategories();
  const order = settings.data?.sidebarCategoryOrder ?? [...SIDEBAR_CATEGORIES];
  // Below lg the panel covers the calendar: a modal, so focus moves in, stays in, and goes back out.
  const drawer = useMediaQuery(DRAWER_QUERY);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = ref.current;
    if (drawer) panel?.querySelector<HTMLElement>('button')?.focus();
    return () => {
      const now = document.activeElement;
      const lost = !now || now === document.body || !now.isConnected || panel?.contains(now);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [drawer]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') return onClose();
    if (drawer && e.key === 'Tab') trapTab(e, ref.current);
  };

  const content: Record<TSidebarCategory, ReactNode> = {
    employees: <EmployeeItems employees={filtered ?? employees.data} canEdit={canEdit} filtered={!!filtered} />,
    notes: <NoteTemplateItems canEdit={canEdit} />,
    exceptions: <ReasonItems reasons={reasons.data} />,
  };

  return (
    <aside
      ref={ref}
      id={SIDE_PANEL_ID}
      aria-labelledby={`${SIDE_PANEL_ID}-title`}
      role={drawer ? 'dialog' : undefined}
      aria-modal={drawer || undefined}
      onKeyDown={onKeyDown}
      className="fixed inset-y-0 right-0 z-40 w-72 max-w-[85vw] overflow-y-auto border-l border-border bg-card p-3 shadow-xl lg:sticky lg:top-16 lg:z-auto lg:max-h-[calc(100vh-5rem)] lg:w-72 lg:shrink-0 lg:rounded-lg lg:border lg:shadow-none"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={`${SIDE_PANEL_ID}-title`} className="text-base font-semibold">
          {SIDE_PANEL_TITLE}
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close Employees & Exceptions panel" onClick={onClose}>
          <X className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {canEdit ? (
        <p className="mb-3 text-xs text-muted-foreground">
          Drag an employee onto a day to add an exception, or a note colour to add a note.
        </p>
      ) : null}
      <div className="space-y-4">
        {order.map((category, i) => (
          <section key={category} aria-labelledby={`side-section-${category}`} data-testid="side-section">
            <div className="mb-1.5 flex items-center justify-between gap-2">
              <h3 id={`side-section-${category}`} className="text-sm font-semibold text-muted-foreground">
                {TITLES[category]}
              </h3>
              {canEdit ? (
                <div className="flex">
                  <PendingButton
                    variant="ghost"
                    size="icon"
                    className="h-7 w-7"
                    aria-label={`Move ${TITLES[category]} section up`}
                    pending={reorder.isPending}
                    unavailable={i === 0}
                    onClick={() => reorder.mutate({ categoryType: category, direction: 'up' })}
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden />
                  </PendingButton>
                  <PendingButton
                    variant="ghost"
                    size="icon"
                    className="h-7 w-7"
                    aria-label={`Move ${TITLES[category]} section down`}
                    pending={reorder.isPending}
                    unavailable={i === order.length - 1}
                    onClick={() => reorder.mutate({ categoryType: category, direction: 'down' })}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden />
                  </PendingButton>
                </div>
              ) : null}
            </div>
            {content[category]}
          </section>
        ))}
      </div>
    </aside>
  );
}

const DRAWER_QUERY = '(max-width: 1023.98px)';
const TABBABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function trapTab(e: KeyboardEvent<HTMLElement>, root: HTMLElement | null) {
  const items = root ? [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length > 0) : [];
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
