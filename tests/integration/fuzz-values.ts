import fc from 'fast-check';

/**
 * The values the route fuzz (fuzz.int.test.ts) sends: for a JSON schema (read from the shared route table's zod
 * schemas), values that fit it and values that do not. Fitting values matter as much as wrong ones: they pass
 * validation and reach the handlers, where an unchecked date or id would end in a 500.
 */

export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

const nest = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** Strings that have broken parsers, dates and databases elsewhere: NUL, lone surrogates, overlong, odd dates. */
export const ODD_STRINGS = [
  '',
  ' ',
  'abc',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '2024-02-30',
  '2026-13-01',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '+275760-09-13',
  '2026-06-01T25:61:00Z',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202E\uFEFF\u200B',
  '😀'.repeat(200),
  'x'.repeat(10_240),
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'admin@',
  '@@',
];

const specialChar = fc.constantFrom(
  '\u0000',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\u202E',
  '\uFEFF',
  '\n',
  '\r',
  '\t',
  '"',
  '\\',
  '%',
  "'",
  '😀',
  'é',
  '\u0301',
);
const unit = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: specialChar },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
);
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((n) => 'y'.repeat(n)) },
);

/** Any value of the wrong kind for a field: other types, odd strings, huge and fractional numbers, deep nesting. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 0.1, 1.5, [], [null], {}, { a: 1 }),
  oddString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 20, max: 3_000 }).map(nest),
);

// Dates around the middle of this year, so about as many are past as future whenever the suite runs; a seed makes
// the same requests all year (and a failure prints its request whole).
const BASE_DAY = Date.UTC(new Date().getUTCFullYear(), 6, 1);
const pad = (n: number, w: number) => String(n).padStart(w, '0');
const dayString = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -800, max: 800 }).map((d) => new Date(BASE_DAY + d * 86_400_000).toISOString().slice(0, 10)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2024-02-29',
      '2025-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-00-10',
      '0000-01-01',
      '0001-01-01',
      '1970-01-01',
      '9999-12-31',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  },
);
const isDatePattern = (p?: string) => p === '^\\d{4}-\\d{2}-\\d{2}$';
const looksLikeDate = (name: string) => /(^date$|Date$|^validFrom$|^from$|^to$)/.test(name);

/** A CSV field: cells of an export (passed in by the test) with some replaced by odd strings. */
export function csvFrom(seeds: string[]): fc.Arbitrary<string> {
  if (seeds.length === 0) return oddString;
  return fc.tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), oddString), { maxLength: 6 })).map(([csv, edits]) => {
    const cells = csv.split(/(,|\r?\n)/);
    for (const [i, s] of edits) if (cells.length) cells[i % cells.length] = s;
    return cells.join('');
  });
}

/** A value that fits the schema (types, bounds, enums, date patterns), edges included. */
export function fitting(s: JsonSchema, name = '', csv: fc.Arbitrary<string> = oddString, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fitting(a, name, csv, depth + 1)));
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => fitting({ ...s, type }, name, csv, depth + 1)));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -(2 ** 31));
      const max = Math.min(s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? 2 ** 31), Number.MAX_SAFE_INTEGER);
      // Mostly small ids, which the demo's rows have, so a body gets past "not found" into the handler's logic.
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 30), Math.max(min, 0)) }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
        { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }) },
      );
    }
    case 'number': {
      const min = s.exclusiveMinimum ?? s.minimum ?? -1e6;
      const max = s.exclusiveMaximum ?? s.maximum ?? 1e6;
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(min, max, 0, 0.1, 7.6, 24) },
        { weight: 4, arbitrary: fc.integer({ min: Math.ceil(min * 10), max: Math.floor(max * 10) }).map((n) => n / 10) },
        { weight: 1, arbitrary: fc.double({ min, max, noNaN: true }) },
      );
    }
    case 'string': {
      if (isDatePattern(s.pattern) || looksLikeDate(name)) return dayString;
      if (name === 'csv') return csv;
      if (s.format === 'email' || /email$/i.test(name)) return fc.oneof(fc.emailAddress(), fc.constantFrom('a@b.c', 'x@'.repeat(100)));
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern), { size: 'small' });
        } catch {
          return oddString;
        }
      }
      const max = Math.min(s.maxLength ?? 60, 60);
      const longest = s.maxLength && s.maxLength <= 20_000 ? [fc.constant('z'.repeat(s.maxLength))] : [];
      const length = { minLength: Math.min(s.minLength ?? 0, max), maxLength: max };
      // Mostly printable text, which most fields accept; now and then control characters and lone surrogates.
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ unit: 'grapheme', ...length }) },
        { weight: 1, arbitrary: fc.string({ unit, ...length }) },
        ...longest.map((arbitrary) => ({ weight: 1, arbitrary })),
      );
    }
    case 'array': {
      const item = s.items ? fitting(s.items, name, csv, depth + 1) : wrongValue;
      return fc.array(item, { maxLength: Math.min(s.maxItems ?? 6, 6) });
    }
    case 'object':
      return fittingObject(s, csv, depth);
    default:
      return wrongValue;
  }
}

function fittingObject(s: JsonSchema, csv: fc.Arbitrary<string>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const record = Object.fromEntries(props.map(([k, v]) => [k, fitting(v, k, csv, depth + 1)]));
  const drawn = fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in record) }) as fc.Arbitrary<Record<string, unknown>>;
  // Most ranges end a few days after they start, as the app's own ranges do: independent dates would be refused.
  return fc.tuple(drawn, fc.integer({ min: 0, max: 45 }), fc.boolean()).map(([o, days, paired]) => {
    if (!paired) return o;
    for (const start of Object.keys(o).filter((k) => /^(s|.*S)tartDate$/.test(k))) {
      const end = start.replace(/^start/, 'end').replace(/StartDate$/, 'EndDate');
      const from = Date.parse(`${String(o[start])}T00:00:00Z`);
      if (end in record && Number.isFinite(from)) o[end] = new Date(from + days * 86_400_000).toISOString().slice(0, 10);
    }
    return o;
  });
}

// Keys a handler might trust if validation let them through; `__proto__` is refused by the JSON parser.
const strayKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'siteId',
  'businessId',
  'isAdmin',
  'userId',
  '',
  'x'.repeat(300),
);

/**
 * Bodies (or query objects) for a route: fitting ones, fitting with one field wrong, the route's own field
 * names all with wrong types, fitting with stray keys, and any JSON at all.
 */
export function objectsFor(s: JsonSchema | undefined, csv: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const keys = Object.keys(s?.properties ?? {});
  if (!s || keys.length === 0) return fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 4 }), fc.dictionary(strayKey, wrongValue));
  const fit = fittingObject(s, csv, 0);
  return fc.oneof(
    { weight: 6, arbitrary: fit },
    { weight: 3, arbitrary: fc.tuple(fit, fc.constantFrom(...keys), wrongValue).map(([o, k, w]) => ({ ...o, [k]: w })) },
    { weight: 1, arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, wrongValue])), { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.tuple(fit, strayKey, wrongValue).map(([o, k, w]) => ({ ...o, [k]: w })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
}
