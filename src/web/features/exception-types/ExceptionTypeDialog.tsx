import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { TReason } from '../../../shared/contracts/calendar';
import { DEFAULT_REASON_COLOR, ZReasonInput, type TReasonInput } from '../../../shared/contracts/reasons';
import { PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { useCreateExceptionType, useUpdateExceptionType } from './api';
import { ColorField } from './ColorField';

const valuesOf = (r: TReason | null): TReasonInput =>
  r
    ? {
        name: r.name,
        color: r.color,
        isAdditive: r.isAdditive,
        needsTwoApprovals: r.needsTwoApprovals ?? false,
        countsAgainstAllowance: r.countsAgainstAllowance ?? false,
        isSickness: r.isSickness ?? false,
        isRequestable: r.isRequestable ?? !r.isAdditive,
      }
    : {
        name: '',
        color: DEFAULT_REASON_COLOR,
        isAdditive: false,
        needsTwoApprovals: false,
        countsAgainstAllowance: false,
        isSickness: false,
        isRequestable: true,
      };

interface ExceptionTypeDialogProps {
  open: boolean;
  /** The type being edited; null adds a new one. */
  reason: TReason | null;
  onOpenChange: (open: boolean) => void;
}

/** "Add Exception Type" / "Edit Exception Type": name, colour (presets or custom hex) and the additive flag (spec §2, §5). */
export function ExceptionTypeDialog({ open, reason, onOpenChange }: ExceptionTypeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={reason ? 'Edit Exception Type' : 'Add Exception Type'}
      description={
        reason
          ? 'Change the name, colour or whether it adds hours.'
          : 'Name the type, pick its colour and say whether it adds or reduces hours.'
      }
    >
      {/* Radix unmounts the content when closed, so each opening starts from fresh values. */}
      <ExceptionTypeForm reason={reason} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ExceptionTypeForm({ reason, onDone }: { reason: TReason | null; onDone: () => void }) {
  const create = useCreateExceptionType();
  const update = useUpdateExceptionType();
  const saving = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZReasonInput), defaultValues: valuesOf(reason), mode: 'onSubmit' });
  const color = useController({ control, name: 'color' });
  // A type that adds hours is never time off to ask for (decision 113): ticking "Adds hours" unticks the box, which
  // cannot be ticked again until "Adds hours" is off.
  const additive = useWatch({ control, name: 'isAdditive' }) === true;
  useEffect(() => {
    if (additive) setValue('isRequestable', false);
  }, [additive, setValue]);

  const onSubmit = handleSubmit((values) => {
    const body = values.isAdditive ? { ...values, isRequestable: false } : values;
    if (reason) update.mutate({ id: reason.id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="space-y-1">
        <Label htmlFor="reason-name">Name</Label>
        <Input
          id="reason-name"
          autoComplete="off"
          maxLength={50}
          placeholder="e.g. Annual Leave"
          aria-describedby="reason-name-error"
          aria-invalid={errors.name ? true : undefined}
          {...register('name')}
        />
        <FieldError id="reason-name-error" message={errors.name?.message} />
      </div>

      <ColorField
        value={color.field.value ?? ''}
        onChange={color.field.onChange}
        onBlur={color.field.onBlur}
        error={errors.color?.message}
      />

      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <input
          id="reason-additive"
          type="checkbox"
          aria-describedby="reason-additive-hint"
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          {...register('isAdditive')}
        />
        <div className="space-y-0.5">
          <Label htmlFor="reason-additive">Adds hours (additive)</Label>
          <p id="reason-additive-hint" className="text-xs text-muted-foreground">
            Additive types add hours, e.g. overtime; deductive types reduce hours, e.g. leave.
          </p>
        </div>
      </div>

      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <input
          id="reason-requestable"
          type="checkbox"
          disabled={additive}
          aria-describedby="reason-requestable-hint"
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          {...register('isRequestable')}
        />
        <div className="space-y-0.5">
          <Label htmlFor="reason-requestable">Requestable as time off</Label>
          <p id="reason-requestable-hint" className="text-xs text-muted-foreground">
            {additive
              ? 'A type that adds hours is never time off to ask for.'
              : 'Staff can choose it when they request time off. Untick for types only a manager records.'}
          </p>
        </div>
      </div>

      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <input
          id="reason-two-approvals"
          type="checkbox"
          aria-describedby="reason-two-approvals-hint"
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          {...register('needsTwoApprovals')}
        />
        <div className="space-y-0.5">
          <Label htmlFor="reason-two-approvals">Needs two approvals</Label>
          <p id="reason-two-approvals-hint" className="text-xs text-muted-foreground">
            Time-off requests of this type are approved only when two different approvers agree.
          </p>
        </div>
      </div>

      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <input
          id="reason-allowance"
          type="checkbox"
          aria-describedby="reason-allowance-hint"
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          {...register('countsAgainstAllowance')}
        />
        <div className="space-y-0.5">
          <Label htmlFor="reason-allowance">Counts against the leave allowance</Label>
          <p id="reason-allowance-hint" className="text-xs text-muted-foreground">
            Absences of this type take hours from each employee&apos;s balance, as Annual Leave does. Not for types that add hours.
          </p>
        </div>
      </div>

      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <input
          id="reason-sickness"
          type="checkbox"
          aria-describedby="reason-sickness-hint"
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          {...register('isSickness')}
        />
        <div className="space-y-0.5">
          <Label htmlFor="reason-sickness">Sickness</Label>
          <p id="reason-sickness-hint" className="text-xs text-muted-foreground">
            Staff never see this type on a colleague&apos;s absence, only “Away”. Names such as Sick or Medical count as sickness anyway.
          </p>
        </div>
      </div>

      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <PendingButton variant="outline" onClick={onDone} unavailable={saving}>
          Cancel
        </PendingButton>
        <PendingButton type="submit" pending={saving}>
          {reason ? (saving ? 'Saving...' : 'Save Changes') : saving ? 'Adding...' : 'Add Exception Type'}
        </PendingButton>
      </div>
    </form>
  );
}
