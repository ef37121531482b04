import { ChevronLeft, ChevronRight, Download, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { THoliday } from '../../../shared/contracts/calendar';
import { holidayMessages } from '../../../shared/contracts/holidays';
import { Button, PendingButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { localDay } from '../../lib/day-label';
import { isPastChange, useAddHoliday, useDeleteHoliday, useHolidays } from './api';
import { ImportHolidaysDialog } from './ImportHolidaysDialog';
import { PastChangeConfirm, type PastAsk } from './PastChangeConfirm';
import { ReadOnlyNote, Section } from './parts';
import { formatWeekdayDay } from '../../../shared/format';

/** Decision 111: a holiday before today that moves hours is a change of the past. */
const PAST_HINT = 'A date before today changes past hours when staff worked that day: only an administrator can, after confirming.';

/** "Fri 25 Dec 2026" (decision 114). */
const longDate = (d: string) => formatWeekdayDay(d);

/** Spec 02 §2 Public Holidays: name and date, add, a year navigator, the year's list by date, delete with confirmation; plus import. */
export function HolidaysSection({ canWrite, region }: { canWrite: boolean; region: { country: string | null; state: string | null } }) {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [name, setName] = useState('');
  const [date, setDate] = useState('');
  const [deleting, setDeleting] = useState<THoliday | null>(null);
  const [importing, setImporting] = useState(false);
  const [past, setPast] = useState<PastAsk | null>(null);
  const [today] = useState(() => localDay());
  const list = useHolidays(year);
  const add = useAddHoliday();
  const remove = useDeleteHoliday();
  const pastDate = date !== '' && date < today;
  const rows = [...(list.data ?? [])].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));

  const submit = () => {
    if (!name.trim() || !date) {
      toast({
        title: 'Missing information',
        description: holidayMessages.missing.replace('Missing information: ', ''),
        variant: 'destructive',
      });
      return;
    }
    addHoliday({ name: name.trim(), date });
  };

  const addHoliday = (body: { name: string; date: string }, confirmPast = false) =>
    add.mutate(
      { ...body, ...(confirmPast ? { confirmPast } : {}) },
      {
        onSuccess: (h) => {
          setPast(null);
          setName('');
          setDate('');
          setYear(Number(h.date.slice(0, 4)));
        },
        onError: (err) => setPast(isPastChange(err) ? { message: err.message, confirm: () => addHoliday(body, true) } : null),
      },
    );

  const deleteHoliday = (h: THoliday, confirmPast = false) =>
    remove.mutate(
      { id: h.id, confirmPast },
      {
        onSuccess: () => setPast(null),
        onError: (err) => setPast(isPastChange(err) ? { message: err.message, confirm: () => deleteHoliday(h, true) } : null),
        onSettled: () => setDeleting(null),
      },
    );

  return (
    <Section id="holidays-heading" title="Public Holidays" description="A public holiday has no working hours for the whole site.">
      {canWrite ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid min-w-48 flex-1 gap-1.5">
            <Label htmlFor="holiday-name">Holiday name</Label>
            <Input
              id="holiday-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
              placeholder="e.g. Christmas Day"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="holiday-date">Date</Label>
            <Input
              id="holiday-date"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className="w-44"
              aria-describedby={pastDate ? 'holiday-date-hint' : undefined}
            />
          </div>
          <PendingButton type="submit" pending={add.isPending}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Holiday
          </PendingButton>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Download className="h-4 w-4" aria-hidden />
            Import Holidays
          </Button>
          {pastDate ? (
            <p id="holiday-date-hint" className="basis-full text-xs text-muted-foreground">
              {PAST_HINT}
            </p>
          ) : null}
        </form>
      ) : (
        <ReadOnlyNote>Read-only users cannot change public holidays.</ReadOnlyNote>
      )}

      <div className="mt-4 flex items-center gap-2" role="group" aria-label="Year">
        <Button variant="outline" size="icon" aria-label="Previous year" onClick={() => setYear((y) => y - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <span className="min-w-14 text-center text-sm font-semibold" aria-live="polite">
          {year}
        </span>
        <Button variant="outline" size="icon" aria-label="Next year" onClick={() => setYear((y) => y + 1)}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>

      <ul className="mt-3 divide-y divide-border rounded-md border border-border" aria-label={`Public holidays ${year}`}>
        {list.isError ? <li className="px-3 py-3 text-sm text-destructive">Failed to load holidays</li> : null}
        {list.isSuccess && rows.length === 0 ? (
          <li className="px-3 py-3 text-sm text-muted-foreground">No public holidays in {year}.</li>
        ) : null}
        {rows.map((h) => (
          <li key={h.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{h.name}</p>
              <p className="text-xs text-muted-foreground">{longDate(h.date)}</p>
            </div>
            {canWrite ? (
              <Button variant="ghost" size="icon" aria-label={`Delete ${h.name} on ${longDate(h.date)}`} onClick={() => setDeleting(h)}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete Holiday"
        description={`Delete "${deleting?.name ?? ''}" on ${deleting ? longDate(deleting.date) : ''}?`}
        confirmText="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && deleteHoliday(deleting)}
      />
      <PastChangeConfirm ask={past} busy={add.isPending || remove.isPending} onCancel={() => setPast(null)} />
      {importing ? <ImportHolidaysDialog year={year} region={region} onClose={() => setImporting(false)} /> : null}
    </Section>
  );
}
