import type { TMissingType } from '../../../shared/contracts/transfer';

interface Props {
  types: TMissingType[];
  isAdmin: boolean;
  create: boolean;
  /** A preview is running: the box keeps its focus but ignores a change (decision 079). */
  pending: boolean;
  onCreateChange: (create: boolean) => void;
}

/**
 * Exception types the file names that this site lacks, typically another site's own types (decision 083):
 * what each would be created as, and for an admin the choice to create them with the import.
 */
export function MissingTypes({ types, isAdmin, create, pending, onCreateChange }: Props) {
  const creatable = types.filter((t) => !t.error).length;
  return (
    <section aria-labelledby="missing-types-title" className="grid gap-2 rounded-md border border-border p-3 text-sm">
      <h3 id="missing-types-title" className="font-medium">
        {types.length === 1 ? '1 exception type is' : `${types.length} exception types are`} not on this site
      </h3>
      <ul className="grid gap-1.5">
        {types.map((t) => (
          <li key={t.name} className="flex items-start gap-2">
            <span aria-hidden className="mt-1 h-3 w-3 shrink-0 rounded-sm border border-border" style={{ backgroundColor: t.color }} />
            <div className="min-w-0">
              <span className="font-medium [overflow-wrap:anywhere]">{t.name}</span>{' '}
              <span className="text-muted-foreground">
                {t.rows} {t.rows === 1 ? 'row' : 'rows'}
                {t.isAdditive ? ', adds hours' : ''},{' '}
                {t.copiedFrom ? `colour and settings from ${t.copiedFrom}` : 'default colour and settings'}
              </span>
              {t.error ? <p className="text-destructive">Cannot be created: {t.error}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      {!isAdmin ? (
        <p className="text-muted-foreground">
          Only an admin can create exception types. Ask an admin to import this file, or to create the types first.
        </p>
      ) : creatable > 0 ? (
        <label className="flex items-start gap-2 font-medium">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
            checked={create}
            aria-disabled={pending || undefined}
            onChange={(e) => {
              if (!pending) onCreateChange(e.target.checked);
            }}
          />
          {creatable === 1 ? 'Create this exception type on this site' : `Create these ${creatable} exception types on this site`}
        </label>
      ) : null}
    </section>
  );
}
