import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TNoteView } from '../../../../shared/contracts/calendar';
import { NOTE_DESCRIPTION_MAX, NOTE_FORM_COLOR, NOTE_TITLE_MAX, ZNoteRequest, type TNoteRequest } from '../../../../shared/contracts/notes';
import { CharacterCount } from '../../../components/CharacterCount';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { PendingButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Label, Textarea } from '../../../components/ui/input';
import { useCreateNote, useDeleteNote, useSaveNote } from '../mutations';
import { ColorSwatches } from './ColorSwatches';
import { RangeField } from './RangeField';

export type NoteTarget = { mode: 'new'; date: string; color?: string } | { mode: 'edit'; note: TNoteView };
export const DELETE_NOTE_TEXT = 'Are you sure you want to delete this note? This action cannot be undone.';

function initialValues(target: NoteTarget): TNoteRequest {
  if (target.mode === 'new')
    return {
      title: '',
      description: null,
      startDate: target.date,
      endDate: target.date,
      color: target.color ?? NOTE_FORM_COLOR,
      isFullDay: true,
    };
  const n = target.note;
  return { title: n.title, description: n.description, startDate: n.startDate, endDate: n.endDate, color: n.color, isFullDay: n.isFullDay };
}

/** "Add Note" / "Edit Note" (spec §2): the note, its days and its colour; Delete when editing. */
export function NoteDialog({ target, onClose }: { target: NoteTarget; onClose: () => void }) {
  const create = useCreateNote();
  const save = useSaveNote('edit');
  const remove = useDeleteNote();
  const [confirming, setConfirming] = useState(false);
  const editing = target.mode === 'edit';
  // The pill shows the description when there is one; a note that has one shows it here to edit or clear.
  const hasDetails = editing && !!target.note.description?.trim();
  const busy = create.isPending || save.isPending || remove.isPending;
  const { register, control, handleSubmit, setValue, formState } = useForm({
    resolver: zodResolver(ZNoteRequest),
    defaultValues: initialValues(target),
  });
  const { errors } = formState;
  const [startDate, endDate, color, title, description] = useWatch({
    control,
    name: ['startDate', 'endDate', 'color', 'title', 'description'],
  });

  const submit = handleSubmit((v) => {
    const body = {
      ...v,
      endDate: v.endDate ?? v.startDate,
      description: hasDetails ? v.description?.trim() || null : (v.description ?? null),
    };
    if (target.mode === 'edit') save.mutate({ note: target.note, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={editing ? 'Edit Note' : 'Add Note'}
        description="A note shows on every day it covers."
        className="sm:max-w-2xl"
      >
        <form onSubmit={submit} noValidate className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)]">
          <LeaveGuard when={formState.isDirty && !busy} />
          <RangeField
            id="note-range"
            label="Note dates"
            range={{ from: startDate, to: endDate ?? startDate }}
            onChange={(r) => {
              setValue('startDate', r.from, { shouldDirty: true });
              setValue('endDate', r.to, { shouldValidate: !!errors.endDate, shouldDirty: true });
            }}
            error={errors.startDate?.message ?? errors.endDate?.message}
          />
          <div className="min-w-0 space-y-4">
            <div className="space-y-1">
              <Label htmlFor="note-title">Note</Label>
              <Textarea
                id="note-title"
                rows={3}
                placeholder="e.g. Stocktake in the warehouse"
                aria-invalid={errors.title ? true : undefined}
                aria-describedby="note-title-count note-title-error"
                {...register('title')}
              />
              <CharacterCount id="note-title-count" length={title?.length ?? 0} max={NOTE_TITLE_MAX} />
              <FieldError id="note-title-error" message={errors.title?.message} />
            </div>
            {hasDetails ? (
              <div className="space-y-1">
                <Label htmlFor="note-description">
                  Details <span className="font-normal text-muted-foreground">(shown on the calendar instead of the note)</span>
                </Label>
                <Textarea
                  id="note-description"
                  rows={2}
                  aria-describedby="note-description-count note-description-error"
                  {...register('description')}
                />
                <CharacterCount id="note-description-count" length={description?.length ?? 0} max={NOTE_DESCRIPTION_MAX} />
                <FieldError id="note-description-error" message={errors.description?.message} />
              </div>
            ) : null}
            <div className="space-y-2">
              <p id="note-color-label" className="text-sm font-medium">
                Colour
              </p>
              <ColorSwatches value={color} labelledBy="note-color-label" onChange={(c) => setValue('color', c, { shouldDirty: true })} />
              <FieldError message={errors.color?.message} />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
            {editing ? (
              <PendingButton variant="outline" className="text-destructive" unavailable={busy} onClick={() => setConfirming(true)}>
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete
              </PendingButton>
            ) : null}
            <div className="ml-auto flex flex-wrap justify-end gap-2">
              <PendingButton variant="outline" onClick={onClose} unavailable={busy}>
                Cancel
              </PendingButton>
              <PendingButton type="submit" pending={busy} unavailable={!startDate}>
                {save.isPending || create.isPending ? 'Saving...' : editing ? 'Save Note' : 'Add Note'}
              </PendingButton>
            </div>
          </div>
        </form>
      </Dialog>
      {target.mode === 'edit' ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete Note"
          description={DELETE_NOTE_TEXT}
          confirmText={remove.isPending ? 'Deleting...' : 'Delete'}
          cancelText="Cancel"
          destructive
          busy={remove.isPending}
          onConfirm={() => remove.mutate(target.note.id, { onSuccess: onClose, onError: () => setConfirming(false) })}
        />
      ) : null}
    </>
  );
}
