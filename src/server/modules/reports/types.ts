import type { EngineEmployee, EngineHoliday } from '../../../shared/domain/availability';
import type { CoverageRules } from '../../../shared/domain/coverage';
import type { TBalances } from '../../../shared/contracts/balances';
import type { TReportLayout } from '../../../shared/contracts/reports';

/** What the report builders read: one site's rows for the range, already scoped by the loader. */
export interface SiteData {
  id: number;
  name: string;
  settings: { saturdayWorkday: boolean; sundayWorkday: boolean };
  employees: EngineEmployee[];
  exceptions: ReportExceptionRow[];
  holidays: readonly EngineHoliday[];
  dayChanges: DayChangeRow[];
  notes: ReportNoteRow[];
  /** The site's minimum hours (decision 096): every version and the range's overrides; none when absent. */
  coverage?: CoverageRules;
}

export interface ReportExceptionRow {
  id: number;
  employeeId: number;
  reasonId: number;
  reasonName: string;
  isAdditive: boolean;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  notes: string | null;
}

export interface DayChangeRow {
  date: string;
  currentHours: number;
  /** Default hours stored with the row: what the calendar's "changed" rule reads. */
  defaultHours: number;
  /** The hours signed off, which a later change of history leaves as they were (decision 076). */
  authorisedHours: number | null;
  isAuthorised: boolean;
  authorisedBy: string | null;
  authorisedAt: Date | null;
}

export interface ReportNoteRow {
  id: number;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string;
}

/** Title-block facts shared by every rendering (HTML, PDF, CSV, mail). */
export interface ReportHeader {
  businessName: string;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  generatedBy: string;
  layout: TReportLayout;
}

export interface Totals {
  /** Working days away (deductions on days the site works). */
  daysAway: number;
  /** Hours away (deductions), 1 dp. */
  hoursAway: number;
  /** Extra hours (additive types), 1 dp. */
  hoursExtra: number;
}

export interface ReportException extends ReportExceptionRow, Totals {
  /** The part of the exception inside the report range. */
  fromDate: string;
  toDate: string;
}

export interface EmployeeSection {
  id: number;
  name: string;
  exceptions: ReportException[];
  totals: Totals & { count: number };
}

export interface TypeTotal extends Totals {
  name: string;
  isAdditive: boolean;
  count: number;
}

export interface ExceptionsSiteSection {
  id: number;
  name: string;
  employees: EmployeeSection[];
  byType: TypeTotal[];
  totals: Totals & { count: number };
}

export interface ReportNote extends ReportNoteRow {
  siteName: string;
}

export interface ExceptionsReport {
  kind: 'exceptions';
  header: ReportHeader;
  sites: ExceptionsSiteSection[];
  byType: TypeTotal[];
  totals: Totals & { count: number };
  /** null when notes were not asked for. */
  notes: ReportNote[] | null;
}

export type DayKind = 'working' | 'weekend' | 'working-weekend' | 'holiday';
export type AuthStatus = 'unchanged' | 'awaiting' | 'authorised';

export interface HoursDay {
  date: string;
  kind: DayKind;
  holidayName: string | null;
  availableHours: number;
  defaultHours: number;
  /** available − default, 1 dp. */
  difference: number;
  status: AuthStatus;
  authorisedBy: string | null;
  authorisedAt: Date | null;
  /** Set when an authorised day's hours have changed since: the hours that were authorised. */
  authorisedHours: number | null;
  /** The site's minimum for the day (decision 099), null when it has none. */
  requiredHours: number | null;
  /** Hours under the minimum, one decimal: 0 when covered, null when the day has no minimum. */
  shortHours: number | null;
}

export interface HoursPeriod {
  /** Monday of the week, clipped to the range. */
  startDate: string;
  endDate: string;
  availableHours: number;
  defaultHours: number;
  difference: number;
  awaiting: number;
}

export interface HoursSiteSection {
  id: number;
  name: string;
  employeeCount: number;
  /** Detailed format: one row per day. Empty in the summary format. */
  days: HoursDay[];
  /** Summary format: one row per week. Empty in the detailed format. */
  weeks: HoursPeriod[];
  totals: Omit<HoursPeriod, 'startDate' | 'endDate'> & { workingDays: number };
}

export interface HoursReport {
  kind: 'hours';
  header: ReportHeader;
  /** Exceptions overlapping the range in the scope (the preview's totalExceptions). */
  exceptionCount: number;
  sites: HoursSiteSection[];
  totals: HoursSiteSection['totals'];
}

/** One site's leave balances (decision 095): null `balances` when the site has no allowance policy. */
export interface BalancesSiteSection {
  id: number;
  name: string;
  balances: TBalances | null;
}

export interface BalancesReport {
  kind: 'balances';
  header: ReportHeader;
  sites: BalancesSiteSection[];
}

export type Report = ExceptionsReport | HoursReport | BalancesReport;
