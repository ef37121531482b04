import { useMemo, useState, type FormEvent } from 'react';
import { LEAVE_NOTE_MAX, type TLeaveRequest, type TLeaveRequestCreate } from '../../../shared/contracts/leave-requests';
import { BalanceAfter } from '../../components/balances/BalanceAfter';
import { CharacterCount } from '../../components/CharacterCount';
import { PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { NativeSelect } from '../../components/ui/native-select';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { ApiError, messageOf } from '../../lib/api';
import { useCreateRequest } from '../../lib/leave-requests';
import { checkRequest, fieldErrorsOf, initialRequest, type FieldErrors, type RequestValues } from './request-form';
import { requestHours } from './request-hours';
import { hoursText } from '../../lib/leave-request-text';
import { requestableTypes, useRequestData } from './useRequestData';

interface RequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  employeeId: number;
  today: string;
  onSent: (request: TLeaveRequest) => void;
}

/**
 * "Request time off": type (only those marked requestable), dates, full day or hours, a note, how many working
 * hours it takes and the balance after. Nothing of the site's hours or anyone else's: a request that would leave
 * the site short is still sent, and its approver weighs that (decision 113).
 */
export function RequestDialog({ open, onOpenChange, ...rest }: RequestDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request time off"
      description="Your approvers get an e-mail and decide; you see their answer here."
      className="sm:max-w-lg"
    >
      <RequestForm {...rest} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function RequestForm({ employeeId, today, onSent, onDone }: Omit<RequestDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const [values, setValues] = useState<RequestValues>(() => initialRequest(today));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateRequest();
  const data = useRequestData(employeeId, values.startDate, values.endDate);
  const types = useMemo(() => (data.reasons ? requestableTypes(data.reasons) : undefined), [data.reasons]);
  const reason = types?.find((r) => String(r.id) === values.reasonId);

  const set = <K extends keyof RequestValues>(key: K, value: RequestValues[K]) => {
    setValues((v) => {
      const next = { ...v, [key]: value };
      // Moving the start past the end drags the end along: a one-day request stays one day.
      if (key === 'startDate' && typeof value === 'string' && (v.endDate === v.startDate || v.endDate < value)) next.endDate = value;
      return next;
    });
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // The days as asked, once the form checks out: what the working hours and the balance after are counted on.
  const asked = useMemo(() => {
    const checked = checkRequest(values, today);
    if (!('body' in checked)) return null;
    const b = checked.body;
    return { startDate: b.startDate, endDate: b.endDate, isFullDay: b.isFullDay ?? true, hours: b.hours ?? null };
  }, [values, today]);

  // The request's own working hours over its days (as its card will show them); what it takes from the allowance
  // is the server's figure, in the balance line below (decision 112).
  const takes = useMemo(() => {
    if (!asked || !data.employee || !data.settings || !data.holidays || !reason) return null;
    return requestHours({
      employee: data.employee,
      settings: data.settings,
      holidays: data.holidays,
      span: asked,
      isAdditive: reason.isAdditive,
    });
  }, [asked, data.employee, data.settings, data.holidays, reason]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = checkRequest(values, today);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    send(checked.body);
  };

  const send = (body: TLeaveRequestCreate) => {
    setFailure(null);
    create.mutate(body, {
      onSuccess: (request) => {
        onSent(request);
        onDone();
      },
      onError: (err) => {
        setFailure(messageOf(err, 'The request could not be sent. Please try again.'));
        if (err instanceof ApiError) setErrors(fieldErrorsOf(err.issues));
      },
    });
  };

  const invalid = (k: keyof FieldErrors) => (errors[k] ? true : undefined);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1">
        <Label htmlFor="request-reason">Type of time off</Label>
        <NativeSelect
          id="request-reason"
          value={values.reasonId}
          onChange={(e) => set('reasonId', e.target.value)}
          aria-invalid={invalid('reasonId')}
          aria-describedby="request-reason-error"
        >
          <option value="">{types ? 'Choose a type' : data.reasonsError ? 'The types could not be loaded' : 'Loading...'}</option>
          {(types ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="request-reason-error" message={errors.reasonId} />
      </div>
      <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor="request-start">First day</Label>
          <Input
            id="request-start"
            type="date"
            min={today}
            value={values.startDate}
            onChange={(e) => set('startDate', e.target.value)}
            aria-invalid={invalid('startDate')}
            aria-describedby="request-start-error"
          />
          <FieldError id="request-start-error" message={errors.startDate} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="request-end">Last day</Label>
          <Input
            id="request-end"
            type="date"
            min={values.startDate || today}
            value={values.endDate}
            onChange={(e) => set('endDate', e.target.value)}
            aria-invalid={invalid('endDate')}
            aria-describedby="request-end-error"
          />
          <FieldError id="request-end-error" message={errors.endDate} />
        </div>
      </div>
      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <input
          id="request-full-day"
          type="checkbox"
          checked={values.isFullDay}
          onChange={(e) => set('isFullDay', e.target.checked)}
          aria-describedby="request-full-day-hint"
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
        />
        <div className="space-y-0.5">
          <Label htmlFor="request-full-day">Full day</Label>
          <p id="request-full-day-hint" className="text-xs text-muted-foreground">
            {values.isFullDay ? 'Your contract hours for each day.' : 'Untick to give the hours you need off on each day.'}
          </p>
        </div>
      </div>
      {values.isFullDay ? null : (
        <div className="space-y-1">
          <Label htmlFor="request-hours">Hours each day</Label>
          <Input
            id="request-hours"
            type="number"
            inputMode="decimal"
            step={0.1}
            min={0}
            value={values.hours}
            onChange={(e) => set('hours', e.target.value)}
            aria-invalid={invalid('hours')}
            aria-describedby="request-hours-error"
          />
          <FieldError id="request-hours-error" message={errors.hours} />
        </div>
      )}
      <div className="space-y-1">
        <Label htmlFor="request-note">
          Note <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id="request-note"
          rows={2}
          value={values.note}
          onChange={(e) => set('note', e.target.value)}
          aria-invalid={invalid('note')}
          aria-describedby="request-note-count request-note-error"
        />
        <CharacterCount id="request-note-count" length={values.note.length} max={LEAVE_NOTE_MAX} />
        <FieldError id="request-note-error" message={errors.note} />
      </div>
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="request-takes">
        {takes === null
          ? 'The working hours this takes show once the type and dates are chosen.'
          : `This takes ${hoursText(takes)} working ${takes === 1 ? 'hour' : 'hours'}.`}
      </p>
      {takes !== null && reason?.countsAgainstAllowance === false ? (
        // Said plainly, rather than no balance line at all (decision 113).
        <p className="text-sm text-muted-foreground" data-testid="request-no-allowance">
          {reason.name} does not come off your leave allowance.
        </p>
      ) : null}
      {takes !== null ? <BalanceAfter employeeId={employeeId} reasonId={reason?.id ?? null} span={asked} workingHours={takes} /> : null}
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <PendingButton variant="outline" onClick={onDone} unavailable={create.isPending}>
          Cancel
        </PendingButton>
        <PendingButton type="submit" pending={create.isPending}>
          {create.isPending ? 'Sending...' : 'Send request'}
        </PendingButton>
      </div>
    </form>
  );
}
