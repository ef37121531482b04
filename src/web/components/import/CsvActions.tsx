import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { TImportKind } from '../../../shared/contracts/transfer';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';

// The dialog and its preview table load only when someone opens it, so the screens' bundles stay as they were.
const ImportDialog = lazy(() => import('./ImportDialog'));

interface Props {
  kind: TImportKind;
  /** The export's URL (a plain download: the browser sends the session cookie). */
  exportHref: string;
  canImport: boolean;
}

/** "Export CSV" and "Import CSV" for a screen's data (decision 042). */
export function CsvActions({ kind, exportHref, canImport }: Props) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  return (
    <>
      <a
        href={exportHref}
        download
        className="inline-flex h-9 items-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Download className="h-4 w-4" aria-hidden />
        Export CSV
      </a>
      {canImport ? (
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Upload className="h-4 w-4" aria-hidden />
          Import CSV
        </Button>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog
            kind={kind}
            open={open}
            onOpenChange={setOpen}
            onImported={(result) => {
              toast({ title: 'Import complete', description: result.message, variant: 'success' });
              // Imported rows touch lists, the calendar and day authorisation alike.
              void queryClient.invalidateQueries();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
