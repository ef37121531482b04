import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ForeignLinkNotice } from './ForeignLinkNotice';
import { activeFilterCount, filterSummary, NO_FILTER, type CalendarFilter } from './calendar-filter';

export interface CalendarFilterBarProps {
  filter: CalendarFilter;
  onChange: (change: Partial<CalendarFilter>) => void;
  teams: ReadonlyArray<{ id: number; name: string }>;
  reasons: ReadonlyArray<{ id: number; name: string }>;
  /** Employees the filter keeps and the site's total, for the announced summary. */
  shown: number;
  total: number;
  /** A shared link's site when it is not the current one (decision 115): its filter is not applied. */
  foreignSite?: number | null;
  onClearLink?: () => void;
}

// The form fields' look (components/ui/input), written out: that module loads with the dialogs, not the calendar.
const field =
  'h-9 w-full rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:w-auto';
const label = 'text-sm font-medium text-foreground';

/**
 * Team, name, exception type and "only people away" over every calendar view (decision 087). Native controls:
 * labelled, keyboard-ready and nothing added to the calendar's bundle. Phones fold them behind a "Filters" button.
 */
export function CalendarFilterBar({ filter, onChange, teams, reasons, shown, total, foreignSite, onClearLink }: CalendarFilterBarProps) {
  const id = useId();
  const first = useRef<HTMLSelectElement>(null);
  const [open, setOpen] = useState(false);
  // The search box keeps what is typed (spaces included). The URL follows it a render later, so while the box has
  // focus the URL's older value must not overwrite newer letters; a change made elsewhere (Back, a link) is taken in.
  const search = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(filter.q);
  useEffect(() => {
    if (document.activeElement !== search.current) setText(filter.q);
  }, [filter.q]);
  const count = activeFilterCount(filter);
  const panel = `${id}-panel`;
  return (
    <section aria-label="Filters" className="mb-3" data-testid="calendar-filters">
      {foreignSite != null ? <ForeignLinkNotice siteId={foreignSite} onClear={() => onClearLink?.()} /> : null}
      <Button
        variant="outline"
        size="sm"
        className="sm:hidden"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        data-testid="filters-toggle"
      >
        {count ? `Filters (${count})` : 'Filters'}
      </Button>
      <div id={panel} className={cn('mt-2 flex-col gap-2 sm:mt-0 sm:flex sm:flex-row sm:flex-wrap sm:items-end', open ? 'flex' : 'hidden')}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-team`} className={label}>
            Team
          </label>
          <select
            ref={first}
            id={`${id}-team`}
            className={field}
            value={filter.team === null ? '' : String(filter.team)}
            onChange={(e) => onChange({ team: e.target.value === '' ? null : e.target.value === 'none' ? 'none' : Number(e.target.value) })}
          >
            <option value="">All teams</option>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
            <option value="none">No team</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-q`} className={label}>
            Employee
          </label>
          <input
            ref={search}
            id={`${id}-q`}
            type="search"
            className={cn(field, 'placeholder:text-muted-foreground sm:w-44')}
            placeholder="Search by name"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              onChange({ q: e.target.value });
            }}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-type`} className={label}>
            Exception type
          </label>
          <select
            id={`${id}-type`}
            className={field}
            value={filter.type === null ? '' : String(filter.type)}
            onChange={(e) => onChange({ type: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">All types</option>
            {reasons.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <label className="flex h-9 items-center gap-2 text-sm font-medium text-foreground">
          <input
            type="checkbox"
            className="h-4 w-4 accent-primary"
            checked={filter.away}
            onChange={(e) => onChange({ away: e.target.checked })}
          />
          Only people away
        </label>
        {count ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-9 self-start sm:self-auto"
            onClick={() => {
              onChange(NO_FILTER);
              setText('');
              // The button goes with the filters it clears: focus stays in the bar, on its first control.
              first.current?.focus();
            }}
          >
            <X className="h-4 w-4" aria-hidden />
            Clear filters
          </Button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="mt-2 text-sm text-muted-foreground empty:hidden" data-testid="filter-summary">
        {count ? filterSummary(shown, total) : ''}
      </p>
    </section>
  );
}
