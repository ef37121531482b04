import { FileUp, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  IMPORT_MAX_BYTES,
  transferMessages,
  type TImportKind,
  type TImportPreview,
  type TImportResult,
} from '../../../shared/contracts/transfer';
import { api, messageOf } from '../../lib/api';
import { useIsAdmin } from '../../lib/session';
import { Button, PendingButton } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { MissingTypes } from './MissingTypes';
import { UnknownIds } from './UnknownIds';

/**
 * CSV import (decision 042): choose a file, see what each row would do and every row's error, then import
 * all of it in one go or nothing. Loaded on demand (React.lazy) by the screens that offer it.
 */

const SHOWN_ROWS = 200;
const ACTION_TEXT = { create: 'Create', update: 'Update', unchanged: 'Unchanged' } as const;
const locale = () => (typeof navigator === 'undefined' ? 'en-GB' : navigator.language);
const NO_CHOICES = { createTypes: false, idsAsNew: false };
type Choices = typeof NO_CHOICES;

interface Props {
  kind: TImportKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (result: TImportResult) => void;
}

export default function ImportDialog({ kind, open, onOpenChange, onImported }: Props) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<Choices>(NO_CHOICES);
  const isAdmin = useIsAdmin();
  const title = kind === 'employees' ? 'Import Employees' : 'Import Exceptions';

  const reset = () => {
    setCsv(null);
    setFileName('');
    setPreview(null);
    setError(null);
    setChoices(NO_CHOICES);
  };

  // Only sent when true: a regular user's request never carries the admin-only flag.
  const body = (text: string, { createTypes, idsAsNew }: Choices) => ({
    csv: text,
    locale: locale(),
    ...(createTypes ? { createMissingTypes: true } : {}),
    ...(idsAsNew ? { unknownIdsAsNew: true } : {}),
  });

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setError(null);
    setChoices(NO_CHOICES);
    if (!file) return setCsv(null);
    setFileName(file.name);
    if (file.size > IMPORT_MAX_BYTES) {
      setCsv(null);
      return setError(transferMessages.tooLarge);
    }
    const text = await file.text();
    setCsv(text);
    await run(() => api(`POST /api/import/${kind}/preview`, { body: body(text, NO_CHOICES) }).then(setPreview));
  };

  /** The preview again, with the missing types created or not and unknown ids imported as new or not. */
  const rechoose = (change: Partial<Choices>) => {
    const next = { ...choices, ...change };
    setChoices(next);
    void run(() => api(`POST /api/import/${kind}/preview`, { body: body(csv ?? '', next) }).then(setPreview));
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err, 'The file could not be imported.'));
    } finally {
      setBusy(false);
    }
  };

  const doImport = () =>
    run(async () => {
      const result = await api(`POST /api/import/${kind}`, { body: body(csv ?? '', choices) });
      onImported(result);
      reset();
      onOpenChange(false);
    });

  const counts = preview?.counts;
  const errorCount = preview?.errors.length ?? 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      title={title}
      description={
        kind === 'employees'
          ? "A CSV file with a Name column, and optionally Id, Efficiency, Monday to Sunday hours, Team, User email (the sign-in of that employee) and Start date (a new employee's first day, yyyy-MM-dd, today or later). Employees are matched by name."
          : 'A CSV file with Employee, Type and Start date columns, and optionally Id, End date, Full day, Hours and Notes. Dates as yyyy-MM-dd or your usual date format.'
      }
      className="max-w-3xl"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <PendingButton onClick={doImport} pending={busy} unavailable={!preview || errorCount > 0}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <FileUp className="h-4 w-4" aria-hidden />}
            Import
          </PendingButton>
        </>
      }
    >
      <label className="grid gap-1.5 text-sm font-medium">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5 file:text-foreground"
          onChange={(e) => void choose(e.target.files?.[0])}
          // The same file chosen again after fixing it must be read again.
          onClick={(e) => ((e.target as HTMLInputElement).value = '')}
        />
      </label>
      {busy && !preview ? <p className="mt-3 text-sm text-muted-foreground">Reading {fileName}...</p> : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {preview && counts ? (
        <div className="mt-4 grid gap-3">
          <p role="status" className="text-sm">
            {counts.create} to create, {counts.update} to update, {counts.unchanged} unchanged
            {errorCount ? (
              <strong className="text-destructive">
                , {errorCount} {errorCount === 1 ? 'row has an error' : 'rows have errors'}: fix the file and choose it again
              </strong>
            ) : null}
          </p>
          {preview.missingTypes.length ? (
            <MissingTypes
              types={preview.missingTypes}
              isAdmin={isAdmin}
              create={choices.createTypes}
              pending={busy}
              onCreateChange={(createTypes) => rechoose({ createTypes })}
            />
          ) : null}
          {preview.unknownIdRows ? (
            <UnknownIds
              rows={preview.unknownIdRows}
              asNew={choices.idsAsNew}
              pending={busy}
              onAsNewChange={(idsAsNew) => rechoose({ idsAsNew })}
            />
          ) : null}
          {errorCount ? (
            <PreviewTable label="Rows with errors" headers={['Line', 'Error']} className="max-h-48 border-destructive/50">
              {preview.errors.map((e) => (
                <tr key={e.line} className="border-t border-border">
                  <td className="px-2 py-1 tabular-nums">{e.line}</td>
                  <td className="px-2 py-1 text-destructive">{e.message}</td>
                </tr>
              ))}
            </PreviewTable>
          ) : null}
          <PreviewTable label="Rows to import" headers={['Line', 'Action', ...preview.columns]} className="max-h-72 border-border">
            {preview.rows.slice(0, SHOWN_ROWS).map((r) => (
              <tr key={r.line} className="border-t border-border">
                <td className="px-2 py-1 tabular-nums">{r.line}</td>
                <td className="px-2 py-1">{ACTION_TEXT[r.action]}</td>
                {r.cells.map((c, i) => (
                  <td key={i} className="max-w-48 truncate px-2 py-1" title={c}>
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </PreviewTable>
          {preview.rows.length > SHOWN_ROWS ? (
            <p className="text-xs text-muted-foreground">
              Showing the first {SHOWN_ROWS} of {preview.rows.length} rows.
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** A scrolling preview table with a sticky header row; the rows are the caller's. */
function PreviewTable({
  label,
  headers,
  className,
  children,
}: {
  label: string;
  headers: string[];
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={`overflow-auto rounded-md border ${className}`}>
      <table className="w-full text-sm" aria-label={label}>
        <thead className="sticky top-0 bg-muted text-left">
          <tr>
            {headers.map((h, i) => (
              <th key={i} className="px-2 py-1 whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
