import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { contractMessages, ZContractInput, type TContract, type TContractInput } from '../../../shared/contracts/employee-contracts';
import { ZDay } from '../../../shared/contracts/common';
import { weekdayFields } from '../../../shared/contracts/employees';
import { PendingButton } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { WeekHoursFields } from './WeekHoursFields';

const hours = ZContractInput.omit({ validFrom: true, confirmPast: true });
/**
 * A new or dated version needs its start. The version from the beginning may stay without one, or be given a
 * date, which makes it the employee's start date (decision 107).
 */
const datedSchema = hours.extend({ validFrom: z.string().min(1, 'Start date is required').pipe(ZDay) });
const openSchema = hours.extend({ validFrom: z.union([z.literal(''), ZDay]) });
type FormValues = z.infer<typeof datedSchema>;

const valuesOf = (c: TContract | null, startFrom: TContract | null): FormValues => {
  const from = c ?? startFrom;
  return {
    validFrom: c?.validFrom ?? '',
    efficiency: from?.efficiency ?? 100,
    ...(Object.fromEntries(weekdayFields.map((f) => [f, from?.[f] ?? 0])) as Record<(typeof weekdayFields)[number], number>),
  };
};

interface ContractFormProps {
  /** The version being edited; null adds one. */
  contract: TContract | null;
  /** A new version starts from these hours (the one in force), so only what changes needs typing. */
  startFrom: TContract | null;
  today: string;
  isAdmin: boolean;
  saving: boolean;
  onSubmit: (body: TContractInput) => void;
  onCancel: () => void;
}

/** A contract version: the day it starts, efficiency and the seven weekday hours (decision 076). */
export function ContractForm({ contract, startFrom, today, isAdmin, saving, onSubmit, onCancel }: ContractFormProps) {
  const open = contract !== null && contract.validFrom === null;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(open ? (openSchema as unknown as typeof datedSchema) : datedSchema),
    defaultValues: valuesOf(contract, startFrom),
    mode: 'onSubmit',
  });
  const validFrom = useWatch({ control, name: 'validFrom' });
  const reachesPast = open || (!!validFrom && validFrom < today) || (contract?.validFrom != null && contract.validFrom < today);
  const id = contract ? `contract-${contract.id}` : 'contract-new';
  const invalid = (msg?: string) => (msg ? { 'aria-invalid': true as const } : {});

  const submit = handleSubmit((v) => onSubmit({ ...v, validFrom: v.validFrom || null }));

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-md border border-border p-3"
      aria-label={contract ? 'Edit version' : 'New version'}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <div className="space-y-1">
          <Label htmlFor={`${id}-from`}>Valid from</Label>
          <Input
            id={`${id}-from`}
            type="date"
            aria-describedby={`${id}-from-error ${id}-from-hint${open ? ` ${id}-from-open` : ''}`}
            {...invalid(errors.validFrom?.message)}
            {...register('validFrom')}
          />
          {open ? (
            <p id={`${id}-from-open`} className="text-xs text-muted-foreground">
              Empty: from the start (the earliest version). A date makes it the employee&apos;s start date.
            </p>
          ) : null}
          <FieldError id={`${id}-from-error`} message={errors.validFrom?.message} />
          {reachesPast ? (
            <p id={`${id}-from-hint`} className="text-xs text-muted-foreground">
              {isAdmin ? 'This changes hours before today: you will be asked to confirm.' : contractMessages.pastAdminOnly}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-efficiency`}>Efficiency (%)</Label>
          <Input
            id={`${id}-efficiency`}
            type="number"
            inputMode="numeric"
            min={1}
            max={200}
            step={1}
            aria-describedby={`${id}-efficiency-error`}
            {...invalid(errors.efficiency?.message)}
            {...register('efficiency', { valueAsNumber: true })}
          />
          <FieldError id={`${id}-efficiency-error`} message={errors.efficiency?.message} />
        </div>
      </div>

      <WeekHoursFields idPrefix={id} register={register} errors={errors} />

      <div className="flex flex-wrap justify-end gap-2">
        <PendingButton variant="outline" onClick={onCancel} unavailable={saving}>
          Cancel
        </PendingButton>
        <PendingButton type="submit" pending={saving}>
          {saving ? 'Saving...' : contract ? 'Save version' : 'Add version'}
        </PendingButton>
      </div>
    </form>
  );
}
