/**
 * Dates in an imported spreadsheet: `yyyy-MM-dd` always, or the numeric short date of the user's locale
 * (dd/MM/yyyy in en-GB, MM/dd/yyyy in en-US, dd.MM.yyyy in de-DE). The year has four digits so "03/04/05"
 * can never be read three ways; "/", "." and "-" are taken as separators whatever the locale prints.
 */

type Part = 'day' | 'month' | 'year';

export interface LocaleDateFormat {
  order: Part[];
  /** How the format is named to a user, e.g. "dd/MM/yyyy". */
  pattern: string;
}

const FALLBACK: LocaleDateFormat = { order: ['day', 'month', 'year'], pattern: 'dd/MM/yyyy' };

export function localeDateFormat(locale: string | undefined): LocaleDateFormat {
  let parts: Intl.DateTimeFormatPart[];
  try {
    // 3 February 2001: day, month and year all differ, so their order shows.
    parts = new Intl.DateTimeFormat(locale || 'en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatToParts(new Date(Date.UTC(2001, 1, 3)));
  } catch {
    return FALLBACK;
  }
  const order = parts.filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type as Part);
  if (order.length !== 3 || parts.some((p) => p.type === 'literal' && !/^[/.\- ]+$/.test(p.value))) return FALLBACK;
  const separator = parts.find((p) => p.type === 'literal')?.value.trim() || '/';
  const token = { day: 'dd', month: 'MM', year: 'yyyy' } as const;
  return { order, pattern: order.map((p) => token[p]).join(separator) };
}

const isRealDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2200 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const pad = (n: number) => String(n).padStart(2, '0');

/** The day as `yyyy-MM-dd`, or null when the text is neither form or not a real day (years 1900–2200). */
export function parseImportDate(text: string, format: LocaleDateFormat): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) {
    const [y, m, d] = iso.slice(1).map(Number);
    return isRealDay(y, m, d) ? value : null;
  }
  const local = /^(\d{1,4})[/.-](\d{1,4})[/.-](\d{1,4})\.?$/.exec(value);
  if (!local) return null;
  const got: Record<Part, string> = { day: '', month: '', year: '' };
  format.order.forEach((part, i) => (got[part] = local[i + 1]));
  if (got.year.length !== 4 || got.day.length > 2 || got.month.length > 2) return null;
  const [y, m, d] = [Number(got.year), Number(got.month), Number(got.day)];
  return isRealDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}
