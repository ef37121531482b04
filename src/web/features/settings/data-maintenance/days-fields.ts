import {
  daysOrDefault,
  DEFAULT_FUTURE_DAYS,
  DEFAULT_RETENTION_DAYS,
  RETENTION_MAX,
  RETENTION_MIN,
} from '../../../../shared/domain/data-retention';

/** The two day counts of Data Management, with the value each falls back to (spec 02 §5). */
export const DAY_FIELDS = {
  dataRetentionDays: { label: 'Retention', fallback: DEFAULT_RETENTION_DAYS },
  futureDataDays: { label: 'Future data', fallback: DEFAULT_FUTURE_DAYS },
} as const;
export type DayField = keyof typeof DAY_FIELDS;

export const isValidDays = (text: string): boolean => daysOrDefault(text, Number.NaN) === daysOrDefault(text, 0);

/** What the field says when its text would not be used as it stands (decision 080). */
export const fallbackMessage = (field: DayField): string =>
  `${DAY_FIELDS[field].label} must be between ${RETENTION_MIN} and ${RETENTION_MAX} days; ${DAY_FIELDS[field].fallback} will be used.`;

/** The text a field shows once left: its own when valid, else the fallback the server would use anyway. */
export const shownDays = (field: DayField, text: string): string => (isValidDays(text) ? text : String(DAY_FIELDS[field].fallback));
