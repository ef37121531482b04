import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ZTeamCreate, TEAM_NAME_MAX, type TTeam } from '../../../shared/contracts/teams';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { MoveButtons } from '../../components/ui/move-buttons';
import { Spinner } from '../../components/ui/page';
import { useTeams } from './teams-api';
import { useCreateTeam, useDeleteTeam, useUpdateTeam } from './teams-mutations';
import { teamChangeText as teamText } from './teams-text';

/** The first refusal of a team name by the shared schema, or undefined when it is valid. */
const nameError = (name: string) => ZTeamCreate.safeParse({ name }).error?.issues[0]?.message;

/** Admins' list of the site's teams (decision 085): add, rename, move up or down, delete with confirmation. */
export function TeamsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={teamText.title} description={teamText.description}>
      <TeamsManager />
    </Dialog>
  );
}

function TeamsManager() {
  const teams = useTeams();
  const create = useCreateTeam();
  const move = useUpdateTeam();
  const remove = useDeleteTeam();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<TTeam | null>(null);
  const list = teams.data ?? [];
  // A deleted team's Delete button is gone when the confirmation closes: focus goes to the name field instead
  // of falling back behind this dialog.
  const nameField = useRef<HTMLInputElement>(null);
  const justDeleted = useRef(false);
  const deleted = () => {
    justDeleted.current = true;
    setDeleting(null);
  };
  // Asked when the confirmation has closed, so nothing can move focus after it (a frame's timer raced the close).
  const focusAfterDelete = useCallback(() => {
    const was = justDeleted.current;
    justDeleted.current = false;
    return was ? nameField.current : null;
  }, []);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem || create.isPending) return;
    create.mutate(name.trim(), { onSuccess: () => setName('') });
  };

  return (
    <div className="space-y-4">
      <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1 space-y-1">
          <Label htmlFor="team-name">{teamText.nameLabel}</Label>
          <Input
            ref={nameField}
            id="team-name"
            autoComplete="off"
            maxLength={TEAM_NAME_MAX}
            value={name}
            aria-describedby="team-name-error"
            aria-invalid={error ? true : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" aria-disabled={create.isPending || undefined}>
          <Plus className="h-4 w-4" aria-hidden />
          {create.isPending ? teamText.adding : teamText.add}
        </Button>
        <div className="basis-full">
          <FieldError id="team-name-error" message={error} />
        </div>
      </form>

      {teams.isPending ? (
        <Spinner label="Loading teams..." />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{teamText.none}</p>
      ) : (
        <ul aria-label={teamText.title} className="divide-y divide-border rounded-md border border-border">
          {list.map((team, i) => (
            <TeamRow
              key={team.id}
              team={team}
              index={i}
              count={list.length}
              moving={move.isPending}
              onMove={(d) => move.mutate({ id: team.id, body: { sortOrder: d === 'up' ? i - 1 : i + 1 } })}
              onDelete={() => setDeleting(team)}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && !remove.isPending && setDeleting(null)}
        title={teamText.deleteTitle}
        description={deleting ? teamText.deleteDescription(deleting.name, deleting.employeeCount) : ''}
        confirmText={remove.isPending ? 'Deleting...' : 'Delete'}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: deleted, onError: () => setDeleting(null) })}
        returnFocus={focusAfterDelete}
      />
    </div>
  );
}

interface TeamRowProps {
  team: TTeam;
  index: number;
  count: number;
  moving: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onDelete: () => void;
}

function TeamRow({ team, index, count, moving, onMove, onDelete }: TeamRowProps) {
  const rename = useUpdateTeam();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(team.name);
  const [error, setError] = useState<string>();
  const inputId = `team-${team.id}-name`;
  // Back from the rename form, focus returns to the Rename button rather than to the page.
  const renameButton = useRef<HTMLButtonElement>(null);
  const [wasEditing, setWasEditing] = useState(false);
  useEffect(() => {
    if (editing) setWasEditing(true);
    else if (wasEditing) {
      renameButton.current?.focus();
      setWasEditing(false);
    }
  }, [editing, wasEditing]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem || rename.isPending) return;
    if (name.trim() === team.name) return setEditing(false);
    rename.mutate({ id: team.id, body: { name: name.trim() } }, { onSuccess: () => setEditing(false) });
  };

  if (editing) {
    return (
      <li className="p-2" data-testid="team-row">
        <form onSubmit={save} noValidate className="flex items-center gap-1">
          <Label htmlFor={inputId} className="sr-only">
            {`Rename ${team.name}`}
          </Label>
          <Input
            id={inputId}
            autoFocus
            autoComplete="off"
            maxLength={TEAM_NAME_MAX}
            value={name}
            aria-describedby={`${inputId}-error`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" variant="ghost" size="icon" aria-label={`Save ${team.name}`} title="Save">
            <Check className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Cancel renaming ${team.name}`}
            title="Cancel"
            onClick={() => {
              setEditing(false);
              setName(team.name);
              setError(undefined);
            }}
          >
            <X className="h-4 w-4" />
          </Button>
        </form>
        <FieldError id={`${inputId}-error`} message={error} />
      </li>
    );
  }

  return (
    <li className="flex items-center gap-2 p-2" data-testid="team-row">
      <div className="min-w-0 flex-1">
        <div className="font-medium break-words [overflow-wrap:anywhere]" data-testid="team-name">
          {team.name}
        </div>
        <div className="text-xs text-muted-foreground">{teamText.employees(team.employeeCount)}</div>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-0.5 sm:flex">
        <MoveButtons name={team.name} index={index} count={count} disabled={moving} onMove={onMove} />
        <Button
          ref={renameButton}
          variant="ghost"
          size="icon"
          aria-label={`Rename ${team.name}`}
          title="Rename"
          onClick={() => {
            setName(team.name);
            setEditing(true);
          }}
        >
          <Pencil className="h-4 w-4" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete ${team.name}`} title="Delete" onClick={onDelete}>
          <Trash2 className="h-4 w-4 text-destructive" />
        </Button>
      </div>
    </li>
  );
}
