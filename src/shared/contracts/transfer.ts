import { z } from 'zod';
import { ZDay } from './common';

/** CSV import and export of employees and exceptions (decision 042). */

export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const transferMessages = {
  tooLarge: 'The file is larger than 5 MB. Split it into smaller files and import each one.',
  tooManyRows: (n: number) =>
    `The file has ${n.toLocaleString('en-GB')} rows; at most 10,000 rows can be imported at once. Split it and import each part.`,
  empty: 'The file has no rows to import.',
  notUtf8: (line: number) =>
    `The file is not saved as UTF-8: line ${line} has characters that could not be read (letters such as ë or ü saved in another encoding). Save it as "CSV UTF-8" in your spreadsheet and import it again.`,
  unreadable: (line: number, reason: string) => `The file could not be read as CSV at line ${line}: ${reason}`,
  missingColumns: (names: string[]) =>
    `The file has no ${names.map((n) => `"${n}"`).join(', ')} column. The first line must name the columns.`,
  hasErrors: (n: number) =>
    `${n.toLocaleString('en-GB')} ${n === 1 ? 'row has an error' : 'rows have errors'}; nothing was imported. Fix ${n === 1 ? 'it' : 'them'} and try again.`,
  createTypesAdminOnly:
    'Only an admin can create the missing exception types. Ask an admin to import this file, or to create the types first.',
  createTypesExceptionsOnly: 'createMissingTypes applies to an exceptions import only.',
  typeCannotBeCreated: (name: string, reason: string) => `Exception type "${name}" cannot be created: ${reason}`,
  /** Starts as decision 042 wrote it; the rest points at `unknownIdsAsNew` (decision 083, "Another site's ids"). */
  noExceptionWithId: (id: string) =>
    `No exception with id ${id} on this site (import it as a new exception with the choice in the preview)`,
  unknownIdsExceptionsOnly: 'unknownIdsAsNew applies to an exceptions import only.',
  /** Employment bounds the contract (decision 107): an import never changes past days' hours. */
  startNotADate: (text: string) => `Start date "${text}" is not a date: use yyyy-MM-dd`,
  pastStart: (date: string) =>
    `Start date ${date} is before today: an import adds no one from a past date, as that changes past hours. Leave it empty to start them today, or add them in Employee Management, where an admin confirms the change.`,
  startChange: "Start date: change an existing employee's start date in Employee Management, where its effect on past hours is shown.",
} as const;

export const ZImportKind = z.enum(['employees', 'exceptions'], { message: 'Import must be employees or exceptions' });
export type TImportKind = z.infer<typeof ZImportKind>;
export const ZImportParams = z.object({ kind: ZImportKind });

export const ZImportRequest = z.object({
  csv: z.string({ message: 'The file is required' }),
  /** The user's locale (BCP 47), whose numeric short date is accepted beside yyyy-MM-dd. */
  locale: z.string().max(100).optional(),
  /** Exceptions only, admins only: create the exception types the file names that this site lacks (decision 083). */
  createMissingTypes: z.boolean({ message: 'createMissingTypes must be true or false' }).optional(),
  /**
   * Exceptions only, any importer: a row whose Id is not an exception of this site (as in a file exported from
   * another site) is created as a new exception, its Id ignored, instead of being an error (decision 083).
   */
  unknownIdsAsNew: z.boolean({ message: 'unknownIdsAsNew must be true or false' }).optional(),
});
export type TImportRequest = z.infer<typeof ZImportRequest>;

export const ZImportAction = z.enum(['create', 'update', 'unchanged']);
export type TImportAction = z.infer<typeof ZImportAction>;

/** An exception type the file names that this site lacks, as it would be created (decision 083). */
export const ZMissingType = z.object({
  name: z.string(),
  color: z.string(),
  isAdditive: z.boolean(),
  /** The other site of the business whose type of this name gives the colour and setting; null: the defaults. */
  copiedFrom: z.string().nullable(),
  /** How many rows of the file name it. */
  rows: z.number(),
  /** Why it cannot be created (its name breaks the exception type rules); null when it can. */
  error: z.string().nullable(),
});
export type TMissingType = z.infer<typeof ZMissingType>;

export const ZImportPreview = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ line: z.number(), action: ZImportAction, cells: z.array(z.string()) })),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
  counts: z.object({ create: z.number(), update: z.number(), unchanged: z.number() }),
  /** Exceptions only; always empty for employees. */
  missingTypes: z.array(ZMissingType),
  /** Exceptions only: rows whose Id is not an exception of this site, counted with or without `unknownIdsAsNew`. */
  unknownIdRows: z.number(),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Exception types created with `createMissingTypes`. */
  typesCreated: z.number(),
  message: z.string(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZExportExceptionsQuery = z
  .object({ startDate: ZDay, endDate: ZDay })
  .refine((q) => q.endDate >= q.startDate, { message: 'End date cannot be before start date', path: ['endDate'] });

/** The columns each export writes and each import reads (matched without regard to case). */
export const EMPLOYEE_COLUMNS = [
  'Id',
  'Name',
  'Efficiency',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Team',
  'User email',
  'Start date',
] as const;
export const EXCEPTION_COLUMNS = ['Id', 'Employee', 'Type', 'Start date', 'End date', 'Full day', 'Hours', 'Notes'] as const;
