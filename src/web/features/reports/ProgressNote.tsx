/** The visible progress while a report is being made (an indeterminate bar and what is happening). */
export function ProgressNote({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <div role="status" className="space-y-1.5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
      </div>
    </div>
  );
}
