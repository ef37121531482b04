import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, transferMessages } from '../../../shared/contracts/transfer';
import { AppError } from '../../../shared/errors';

/**
 * Reading an uploaded CSV: csv-parse does the quoting, the BOM and line endings; this file checks the limits,
 * maps the header to known columns and keeps each row's line number in the file for the preview.
 */

export interface CsvRow {
  /** The line in the file where the row starts (the header is line 1). */
  line: number;
  /** Cell by column name as the import knows it; a column the file lacks is absent, an empty cell is ''. */
  get(column: string): string | undefined;
}

/** Export prefixes text a spreadsheet would run as a formula with an apostrophe; reading undoes it. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * A file in Latin-1 or Windows-1252 (what many spreadsheets save as "CSV") is not UTF-8: the browser's
 * reading of it, or the JSON parser's of raw bytes, turns each such letter into U+FFFD. Importing that
 * would store "Zo\uFFFD M\uFFFDller" for good, so the file is refused with the line to look at and how to
 * save it instead (decision 067). A guess at the encoding could store the wrong letters just as silently.
 */
function refuseUndecodable(text: string) {
  const at = text.indexOf('\uFFFD');
  if (at < 0) return;
  const line = text.slice(0, at).split(/\r\n?|\n/).length;
  throw new AppError('BAD_REQUEST', transferMessages.notUtf8(line));
}

export function readCsv(text: string, known: readonly string[], required: readonly string[]): CsvRow[] {
  if (Buffer.byteLength(text, 'utf8') > IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', transferMessages.tooLarge);
  refuseUndecodable(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // One kind of line break, so csv-parse's line count matches what a text editor shows.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    const reason = String(e.message ?? 'invalid CSV').replace(/^[A-Za-z ]+: /, '');
    throw new AppError('BAD_REQUEST', transferMessages.unreadable(e.lines ?? 1, reason));
  }
  const header = records.shift();
  if (!header) throw new AppError('BAD_REQUEST', transferMessages.empty);
  const index = new Map<string, number>();
  header.record.forEach((name, i) => {
    const column = known.find((k) => k.toLowerCase() === name.trim().toLowerCase());
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = required.filter((c) => !index.has(c));
  if (missing.length) throw new AppError('BAD_REQUEST', transferMessages.missingColumns(missing));
  // A row of empty cells (a spreadsheet's trailing ",,,,") is not a row.
  const rows = records.filter((r) => r.record.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw new AppError('BAD_REQUEST', transferMessages.empty);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('BAD_REQUEST', transferMessages.tooManyRows(rows.length));
  return rows.map(({ record, info }) => {
    // csv-parse counts to the record's last line; a quoted cell with line breaks started earlier.
    const breaks = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    return {
      line: info.lines - breaks,
      get: (column: string) => {
        const i = index.get(column);
        return i === undefined ? undefined : unguard((record[i] ?? '').trim());
      },
    };
  });
}
