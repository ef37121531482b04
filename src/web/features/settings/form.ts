import type { TSettingsResponse, TUpdateSettingsRequest } from '../../../shared/contracts/settings';
import { daysOrDefault, DEFAULT_FUTURE_DAYS, DEFAULT_RETENTION_DAYS } from '../../../shared/domain/data-retention';

/** What Save Settings sends, kept as the text the inputs hold so a half-typed number is not lost. */
export interface SettingsForm {
  businessName: string;
  saturdayWorkday: boolean;
  sundayWorkday: boolean;
  saturdayHours: string;
  sundayHours: string;
  dataRetentionDays: string;
  futureDataDays: string;
  autoCleanupEnabled: boolean;
  showAbsenceTypesToStaff: boolean;
}

export function formFrom(s: TSettingsResponse): SettingsForm {
  return {
    businessName: s.businessName ?? '',
    saturdayWorkday: s.saturdayWorkday,
    sundayWorkday: s.sundayWorkday,
    saturdayHours: String(s.saturdayHours),
    sundayHours: String(s.sundayHours),
    dataRetentionDays: String(s.dataManagement.dataRetentionDays),
    futureDataDays: String(s.dataManagement.futureDataDays),
    autoCleanupEnabled: s.dataManagement.autoCleanupEnabled,
    showAbsenceTypesToStaff: s.showAbsenceTypesToStaff,
  };
}

export const sameForm = (a: SettingsForm, b: SettingsForm) => (Object.keys(a) as Array<keyof SettingsForm>).every((k) => a[k] === b[k]);

/** Hours 0–24 to one decimal, or the message to show. */
export function hoursProblem(text: string): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return 'Hours must be a number';
  if (n < 0 || n > 24) return 'Hours must be between 0 and 24';
  return null;
}

/** Spec 02 §5: day counts outside 30–3650 fall back to 365 and 730. */
export const retentionOf = (f: SettingsForm) => daysOrDefault(f.dataRetentionDays, DEFAULT_RETENTION_DAYS);
export const futureOf = (f: SettingsForm) => daysOrDefault(f.futureDataDays, DEFAULT_FUTURE_DAYS);

export function requestOf(f: SettingsForm, s: TSettingsResponse): TUpdateSettingsRequest {
  return {
    siteName: s.siteName,
    businessName: f.businessName.trim() || s.businessName,
    saturdayWorkday: f.saturdayWorkday,
    sundayWorkday: f.sundayWorkday,
    saturdayHours: Math.round(Number(f.saturdayHours) * 10) / 10,
    sundayHours: Math.round(Number(f.sundayHours) * 10) / 10,
    dataRetentionDays: retentionOf(f),
    futureDataDays: futureOf(f),
    autoCleanupEnabled: f.autoCleanupEnabled,
    showAbsenceTypesToStaff: f.showAbsenceTypesToStaff,
  };
}
