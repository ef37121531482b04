import { useState } from 'react';
import {
  MAX_DIGEST_RECIPIENTS,
  SEND_TIMES,
  TEAM_AVAILABILITY_PERIODS,
  UPCOMING_EXCEPTION_DAYS,
  ZSaveNotificationRequest,
  type TSavedNotification,
} from '../../../../shared/contracts/notifications';
import { Button, PendingButton } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { useMe } from '../../../lib/session';
import { usePermittedSites, useSaveNotification } from './api';
import { editFormValues, newFormValues, toRequest, WEEKDAY_NAMES, type NotificationFormValues } from './form';
import { Check, Field, Select } from './parts';
import { SiteScopeField } from './SiteScopeField';
import { TimeZoneField } from './TimeZoneField';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create mode. */
  notification: TSavedNotification | null;
}

/** Spec §2 create/edit notification dialog with every §3 field; §5 checks through the server's own schema. */
export function NotificationDialog({ open, onOpenChange, notification }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={notification ? 'Edit Notification' : 'Create Notification'}
      description="A digest of upcoming exceptions and team availability, e-mailed on a schedule."
      className="max-w-xl"
    >
      {/* Unmounted when closed, so each opening starts from the notification or the defaults. */}
      <NotificationForm notification={notification} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function NotificationForm({ notification, onDone }: { notification: TSavedNotification | null; onDone: () => void }) {
  const me = useMe();
  const sites = usePermittedSites().data ?? [];
  const save = useSaveNotification();
  const [v, setV] = useState<NotificationFormValues>(() =>
    notification ? editFormValues(notification) : newFormValues(me.data?.user.email ?? ''),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof NotificationFormValues>(key: K, value: NotificationFormValues[K]) =>
    setV((old) => ({ ...old, [key]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = toRequest(v);
    const parsed = ZSaveNotificationRequest.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ id: notification?.id ?? null, body }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1">
        <Label htmlFor="notification-name">Name</Label>
        <Input
          id="notification-name"
          value={v.name}
          onChange={(e) => set('name', e.target.value)}
          aria-invalid={!!errors.name}
          aria-describedby="notification-name-error"
          placeholder="Morning digest"
        />
        <FieldError id="notification-name-error" message={errors.name} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="notification-recipients">Recipients</Label>
        <Input
          id="notification-recipients"
          value={v.recipients}
          onChange={(e) => set('recipients', e.target.value)}
          aria-invalid={!!errors.recipientEmails}
          aria-describedby="notification-recipients-hint notification-recipients-error"
          inputMode="email"
        />
        <p id="notification-recipients-hint" className="text-xs text-muted-foreground">
          Separate addresses with commas; at most {MAX_DIGEST_RECIPIENTS}.
        </p>
        <FieldError id="notification-recipients-error" message={errors.recipientEmails} />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="notification-frequency" label="Frequency">
          <Select
            id="notification-frequency"
            value={v.digestFrequency}
            onChange={(e) => set('digestFrequency', e.target.value as NotificationFormValues['digestFrequency'])}
          >
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="monthly">Monthly</option>
          </Select>
        </Field>
        {v.digestFrequency === 'weekly' ? (
          <Field id="notification-weekday" label="Day of the week">
            <Select id="notification-weekday" value={v.weeklyDay} onChange={(e) => set('weeklyDay', Number(e.target.value))}>
              {WEEKDAY_NAMES.map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {v.digestFrequency === 'monthly' ? (
          <Field id="notification-monthday" label="Day of the month">
            <Select id="notification-monthday" value={v.monthlyDate} onChange={(e) => set('monthlyDate', Number(e.target.value))}>
              {Array.from({ length: 28 }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field id="notification-time" label="Send time">
          <Select id="notification-time" value={v.sendTime} onChange={(e) => set('sendTime', e.target.value)}>
            {SEND_TIMES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <TimeZoneField value={v.userTimezone} onChange={(z) => set('userTimezone', z)} />

      <fieldset className="space-y-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-semibold">Upcoming exceptions</legend>
        <Check
          id="notification-upcoming"
          label="Include upcoming exceptions"
          checked={v.upcomingExceptionsEnabled}
          onChange={(c) => set('upcomingExceptionsEnabled', c)}
        />
        {v.upcomingExceptionsEnabled ? (
          <>
            <Field id="notification-upcoming-days" label="Period">
              <Select
                id="notification-upcoming-days"
                value={v.upcomingExceptionDays}
                onChange={(e) => set('upcomingExceptionDays', Number(e.target.value))}
              >
                {UPCOMING_EXCEPTION_DAYS.map((n) => (
                  <option key={n} value={n}>
                    Next {days(n)}
                  </option>
                ))}
              </Select>
            </Field>
            <SiteScopeField
              id="notification-upcoming-scope"
              scope={v.upcomingExceptionsSiteScope}
              selected={v.upcomingExceptionsSelectedSites}
              sites={sites}
              onScope={(s) => set('upcomingExceptionsSiteScope', s)}
              onSelected={(ids) => set('upcomingExceptionsSelectedSites', ids)}
            />
            <Check
              id="notification-notes"
              label="Include notes"
              checked={v.upcomingExceptionsIncludeNotes}
              onChange={(c) => set('upcomingExceptionsIncludeNotes', c)}
            />
          </>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-semibold">Team availability</legend>
        <Check
          id="notification-availability"
          label="Include team availability"
          checked={v.teamAvailabilityEnabled}
          onChange={(c) => set('teamAvailabilityEnabled', c)}
        />
        {v.teamAvailabilityEnabled ? (
          <>
            <Field id="notification-availability-days" label="Period">
              <Select
                id="notification-availability-days"
                value={v.teamAvailabilityPeriod}
                onChange={(e) => set('teamAvailabilityPeriod', Number(e.target.value))}
              >
                {TEAM_AVAILABILITY_PERIODS.map((n) => (
                  <option key={n} value={n}>
                    Next {days(n)}
                  </option>
                ))}
              </Select>
            </Field>
            <SiteScopeField
              id="notification-availability-scope"
              scope={v.teamAvailabilitySiteScope}
              selected={v.teamAvailabilitySelectedSites}
              sites={sites}
              onScope={(s) => set('teamAvailabilitySiteScope', s)}
              onSelected={(ids) => set('teamAvailabilitySelectedSites', ids)}
            />
          </>
        ) : null}
      </fieldset>
      <FieldError
        message={errors.upcomingExceptionsSelectedSites ?? errors.teamAvailabilitySelectedSites ?? errors.userTimezone ?? errors.sendTime}
      />

      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <PendingButton type="submit" pending={save.isPending}>
          {save.isPending ? 'Saving...' : notification ? 'Update Notification' : 'Create Notification'}
        </PendingButton>
      </div>
    </form>
  );
}
