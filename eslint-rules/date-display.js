/**
 * One way to write a date for people (decision 114): every screen, mail and server-rendered page goes through the
 * formatter in src/shared/format. This rule refuses the runtime's own date formatting anywhere else, since each of
 * them wrote dates its own way ("Thu, Jan 1, 2026", "Dec 7, 2025", "7 Dec 2026"), in the reader's locale:
 *
 * - `toLocaleDateString(…)` and `toLocaleTimeString(…)`;
 * - `toLocaleString(…)` called on `new Date(…)` or with date options (`dateStyle`, `month`, `hour`, …); a number's
 *   `toLocaleString('en')` stays allowed;
 * - `Intl.DateTimeFormat` (with or without `new`), unless only its `resolvedOptions()` is read (the browser's zone);
 * - date-fns `format`, `formatDate`, `lightFormat` and `intlFormat`.
 *
 * The files below use them for what is not display (time-zone arithmetic, reading a pasted date) and are allowed.
 */
export const ALLOWED_FILES = [
  // The formatter itself: the one place a moment meets the runtime's time-zone data.
  'src/shared/format/dates.ts',
  // Offsets and canonical names of time zones for the zone picker and the digest schedule.
  'src/shared/domain/time-zones.ts',
  // Reading dates typed in the importer's own locale (decision 042).
  'src/shared/domain/import-dates.ts',
];

const DATE_OPTIONS = new Set(['dateStyle', 'timeStyle', 'weekday', 'day', 'month', 'year', 'hour', 'minute', 'second', 'timeZone', 'era']);
const DATE_FNS_FORMATTERS = new Set(['format', 'formatDate', 'lightFormat', 'intlFormat']);

const normalise = (file) => file.replace(/\\/g, '/');
const allowed = (file) => ALLOWED_FILES.some((f) => normalise(file).endsWith(f));

const isNewDate = (node) => node && node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Date';
const hasDateOptions = (args) =>
  args.some(
    (a) =>
      a.type === 'ObjectExpression' &&
      a.properties.some((p) => p.type === 'Property' && !p.computed && DATE_OPTIONS.has(p.key.name ?? p.key.value)),
  );

/** `Intl.DateTimeFormat` as a callee. */
const isIntlDateTimeFormat = (callee) =>
  callee.type === 'MemberExpression' &&
  !callee.computed &&
  callee.object.type === 'Identifier' &&
  callee.object.name === 'Intl' &&
  callee.property.name === 'DateTimeFormat';

/** `Intl.DateTimeFormat(…).resolvedOptions()`: reads the runtime's zone or locale, writes no date. */
const onlyResolvedOptions = (node) =>
  node.parent.type === 'MemberExpression' &&
  node.parent.object === node &&
  !node.parent.computed &&
  node.parent.property.name === 'resolvedOptions';

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Dates for people are written by src/shared/format only (decision 114).' },
    schema: [],
    messages: {
      locale:
        "'{{name}}' writes a date in the reader's locale. Use formatDay, formatWeekdayDay, formatDayRange or formatDateTime from src/shared/format (decision 114).",
      intl: 'Intl.DateTimeFormat writes dates its own way. Use formatDateTime or wallClock from src/shared/format (decision 114).',
      dateFns:
        "date-fns '{{name}}' writes dates its own way. Use src/shared/format for people, and localDay (src/web/lib/day-label) for a yyyy-MM-dd (decision 114).",
    },
  },
  create(context) {
    if (allowed(context.filename ?? context.getFilename())) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (isIntlDateTimeFormat(callee)) {
          if (!onlyResolvedOptions(node)) context.report({ node, messageId: 'intl' });
          return;
        }
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const name = callee.property.name;
        if (name === 'toLocaleDateString' || name === 'toLocaleTimeString') context.report({ node, messageId: 'locale', data: { name } });
        else if (name === 'toLocaleString' && (isNewDate(callee.object) || hasDateOptions(node.arguments)))
          context.report({ node, messageId: 'locale', data: { name } });
      },
      NewExpression(node) {
        if (isIntlDateTimeFormat(node.callee) && !onlyResolvedOptions(node)) context.report({ node, messageId: 'intl' });
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'date-fns' && !String(node.source.value).startsWith('date-fns/')) return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportSpecifier' && DATE_FNS_FORMATTERS.has(s.imported.name))
            context.report({ node: s, messageId: 'dateFns', data: { name: s.imported.name } });
        }
      },
    };
  },
};
