import type { TAllowancePolicy } from '../../../../shared/contracts/balances';

/** The allowance form's fields as typed (strings), and the policy they make (decision 095). */
export interface AllowanceForm {
  unit: 'hours' | 'days';
  entitlement: string;
  /** Days in a full week (days policy) or a full-time week's hours (hours policy). */
  fullWeek: string;
  yearStartMonth: string;
  accrual: 'upfront' | 'monthly';
  /** Blank: no cap. */
  carryOverCapHours: string;
  /** '' : carried hours never expire. */
  expiryMonth: string;
  expiryDay: string;
  firstLeaveYear: string;
  refuseBelowZero: boolean;
}

/** The months by name, as the calendar writes them. */
export { MONTH_NAMES as MONTHS } from '../../../lib/day-label';

/** What a site without a policy starts from: 20 days a year from January, nothing carried. */
export function formFrom(p: TAllowancePolicy | null, thisYear: number): AllowanceForm {
  if (!p) {
    return {
      unit: 'days',
      entitlement: '20',
      fullWeek: '5',
      yearStartMonth: '1',
      accrual: 'upfront',
      carryOverCapHours: '0',
      expiryMonth: '',
      expiryDay: '',
      firstLeaveYear: String(thisYear),
      refuseBelowZero: false,
    };
  }
  return {
    unit: p.unit,
    entitlement: String(p.unit === 'days' ? p.entitlementDays : p.entitlementHours),
    fullWeek: String(p.unit === 'days' ? p.fullWeekDays : p.fullTimeWeeklyHours),
    yearStartMonth: String(p.yearStartMonth),
    accrual: p.accrual,
    carryOverCapHours: p.carryOverCapHours === null ? '' : String(p.carryOverCapHours),
    expiryMonth: p.carryOverExpiry ? String(p.carryOverExpiry.month) : '',
    expiryDay: p.carryOverExpiry ? String(p.carryOverExpiry.day) : '',
    firstLeaveYear: String(p.firstLeaveYear),
    refuseBelowZero: p.refuseBelowZero,
  };
}

/** A typed number, or NaN for blank, so the server's message answers a missing value. */
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** The policy to send; the pair of the other unit keeps what the site had. */
export function policyOf(f: AllowanceForm, saved: TAllowancePolicy | null): TAllowancePolicy {
  const days = f.unit === 'days';
  return {
    unit: f.unit,
    entitlementHours: days ? (saved?.entitlementHours ?? 0) : num(f.entitlement),
    fullTimeWeeklyHours: days ? (saved?.fullTimeWeeklyHours ?? 38) : num(f.fullWeek),
    entitlementDays: days ? num(f.entitlement) : (saved?.entitlementDays ?? 0),
    fullWeekDays: days ? num(f.fullWeek) : (saved?.fullWeekDays ?? 5),
    yearStartMonth: Number(f.yearStartMonth),
    accrual: f.accrual,
    carryOverCapHours: f.carryOverCapHours.trim() === '' ? null : num(f.carryOverCapHours),
    carryOverExpiry: f.expiryMonth === '' ? null : { month: Number(f.expiryMonth), day: num(f.expiryDay) },
    firstLeaveYear: num(f.firstLeaveYear),
    refuseBelowZero: f.refuseBelowZero,
  };
}
