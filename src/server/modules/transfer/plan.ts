import type { z } from 'zod';
import type { TImportAction, TImportPreview, TMissingType } from '../../../shared/contracts/transfer';

/** What an import would do, row by row: shown as the preview, then carried out only when it has no errors. */
export interface Plan<Op> {
  columns: string[];
  rows: Array<{ line: number; action: TImportAction; cells: string[]; op: Op }>;
  errors: Array<{ line: number; message: string }>;
  missingTypes?: TMissingType[];
  unknownIdRows?: number;
}

export function toPreview<Op>(plan: Plan<Op>): TImportPreview {
  const counts = { create: 0, update: 0, unchanged: 0 };
  for (const r of plan.rows) counts[r.action]++;
  return {
    columns: plan.columns,
    rows: plan.rows.map(({ line, action, cells }) => ({ line, action, cells })),
    errors: plan.errors,
    counts,
    missingTypes: plan.missingTypes ?? [],
    unknownIdRows: plan.unknownIdRows ?? 0,
  };
}

/** A row's messages from a zod refusal, each once, in order. */
export const issueMessages = (error: z.ZodError) => [...new Set(error.issues.map((i) => i.message))];

/** A number cell: empty is "not given"; a decimal comma (7,5) is read as a point. */
export function numberCell(text: string | undefined, column: string): { value?: number; error?: string } {
  if (text === undefined || text === '') return {};
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) && /\d/.test(text) ? { value: n } : { error: `${column}: "${text}" is not a number` };
}

/** Names are matched without regard to case or surrounding spaces. */
export const nameKey = (name: string) => name.trim().toLocaleLowerCase('en');
