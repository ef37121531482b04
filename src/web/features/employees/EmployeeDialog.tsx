import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { employeeDefaults, weekdayFields, ZEmployeeInput } from '../../../shared/contracts/employees';
import type { TEmployee, TEmployeeInput } from '../../../shared/contracts/employees';
import { PendingButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { localDay } from '../../lib/day-label';
import { useIsAdmin } from '../../lib/session';
import { isPastChangeRefusal } from './contracts-api';
import { teamText } from './messages';
import { StartDateField } from './StartDateField';
import { useTeams } from './teams-api';
import { WeekHoursFields } from './WeekHoursFields';
import { useCreateEmployee, useUpdateEmployee } from './api';

const valuesOf = (e: TEmployee | null, today: string): TEmployeeInput =>
  e
    ? ({
        name: e.name,
        efficiency: e.efficiency,
        teamId: e.teamId ?? null,
        startDate: e.startDate ?? null,
        ...Object.fromEntries(weekdayFields.map((f) => [f, e[f]])),
      } as TEmployeeInput)
    : { ...employeeDefaults, teamId: null, startDate: today };

interface EmployeeDialogProps {
  open: boolean;
  /** The employee being edited; null adds a new one. */
  employee: TEmployee | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Add Employee" / "Edit Employee": name, efficiency, team (decision 085), start date (095, 107: today for a new
 * employee) and the seven weekday hours (spec §2, §5).
 */
export function EmployeeDialog({ open, employee, onOpenChange }: EmployeeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={employee ? 'Edit Employee' : 'Add Employee'}
      description={employee ? 'Change the name, efficiency or weekly hours.' : 'Set the name, efficiency and weekly working hours.'}
    >
      {/* Radix unmounts the content when closed, so each opening starts from fresh values. */}
      <EmployeeForm employee={employee} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function EmployeeForm({ employee, onDone }: { employee: TEmployee | null; onDone: () => void }) {
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const saving = create.isPending || update.isPending;
  const isAdmin = useIsAdmin();
  const [today] = useState(() => localDay());
  // A start date that changes past hours, refused until confirmed (409): the server's message says how many days.
  const [past, setPast] = useState<{ body: TEmployeeInput; message: string } | null>(null);
  // The select mounts once the teams are known, so the form never reads an employee's team from an empty list.
  const teams = useTeams().data ?? [];
  const {
    register,
    handleSubmit,
    formState: { errors },
    control,
  } = useForm({ resolver: zodResolver(ZEmployeeInput), defaultValues: valuesOf(employee, today), mode: 'onSubmit' });
  const startDate = useWatch({ control, name: 'startDate' });

  const send = (body: TEmployeeInput, confirmPast = false) => {
    const sent = confirmPast ? { ...body, confirmPast } : body;
    const done = {
      onSuccess: () => {
        setPast(null);
        onDone();
      },
      onError: (err: unknown) => setPast(isPastChangeRefusal(err) ? { body, message: err.message } : null),
    };
    if (employee) update.mutate({ id: employee.id, body: sent }, done);
    else create.mutate(sent, done);
  };
  const onSubmit = handleSubmit((body) => send(body));

  const invalid = (msg?: string) => (msg ? { 'aria-invalid': true as const } : {});

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
          <div className="space-y-1">
            <Label htmlFor="employee-name">Name</Label>
            <Input
              id="employee-name"
              autoComplete="off"
              maxLength={100}
              aria-describedby="employee-name-error"
              {...invalid(errors.name?.message)}
              {...register('name')}
            />
            <FieldError id="employee-name-error" message={errors.name?.message} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="employee-efficiency">Efficiency (%)</Label>
            <Input
              id="employee-efficiency"
              type="number"
              inputMode="numeric"
              min={1}
              max={200}
              step={1}
              aria-describedby="employee-efficiency-error"
              {...invalid(errors.efficiency?.message)}
              {...register('efficiency', { valueAsNumber: true })}
            />
            <FieldError id="employee-efficiency-error" message={errors.efficiency?.message} />
          </div>
        </div>

        {teams.length > 0 ? (
          <div className="space-y-1">
            <Label htmlFor="employee-team">{teamText.column}</Label>
            <select
              id="employee-team"
              className="h-9 w-full rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              aria-describedby="employee-team-error"
              {...register('teamId', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
            >
              <option value="">{teamText.noTeam}</option>
              {teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <FieldError id="employee-team-error" message={errors.teamId?.message} />
          </div>
        ) : null}

        <StartDateField
          register={register}
          error={errors.startDate?.message}
          value={startDate}
          saved={employee ? (employee.startDate ?? null) : undefined}
          today={today}
          isAdmin={isAdmin}
        />

        <WeekHoursFields idPrefix={'employee'} register={register} errors={errors} />

        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <PendingButton variant="outline" onClick={onDone} unavailable={saving}>
            Cancel
          </PendingButton>
          <PendingButton type="submit" pending={saving}>
            {employee ? (saving ? 'Saving...' : 'Save Changes') : saving ? 'Adding...' : 'Add Employee'}
          </PendingButton>
        </div>
      </form>
      <ConfirmDialog
        open={!!past}
        onOpenChange={(o) => !o && !saving && setPast(null)}
        title="Change past hours?"
        description={past?.message ?? ''}
        confirmText={saving ? 'Saving...' : 'Confirm'}
        busy={saving}
        onConfirm={() => past && send(past.body, true)}
      />
    </>
  );
}
