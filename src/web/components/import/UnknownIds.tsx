interface Props {
  rows: number;
  asNew: boolean;
  /** A preview is running: the box keeps its focus but ignores a change (decision 079). */
  pending: boolean;
  onAsNewChange: (asNew: boolean) => void;
}

/**
 * Rows whose Id is not an exception of this site, as in a file exported from another site (decision 083):
 * the choice to create them as new exceptions rather than refuse them. Any importer may choose it.
 */
export function UnknownIds({ rows, asNew, pending, onAsNewChange }: Props) {
  return (
    <section aria-labelledby="unknown-ids-title" className="grid gap-2 rounded-md border border-border p-3 text-sm">
      <h3 id="unknown-ids-title" className="font-medium">
        {rows === 1 ? '1 row has an Id' : `${rows} rows have an Id`} that is not on this site
      </h3>
      <p className="text-muted-foreground">
        A file exported from another site carries that site’s Ids. Rows whose Id is on this site still update in place.
      </p>
      <label className="flex items-start gap-2 font-medium">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          checked={asNew}
          aria-disabled={pending || undefined}
          onChange={(e) => {
            if (!pending) onAsNewChange(e.target.checked);
          }}
        />
        {rows === 1 ? 'Import this row as a new exception' : `Import these ${rows} rows as new exceptions`}
      </label>
    </section>
  );
}
