import type { TAllowancePolicy, TAllowancePolicyReply } from '../../../shared/contracts/balances';
import type { LeavePolicy } from '../../../shared/domain/balances';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { allowancePolicies } from '../../db/schema';

/** A site's allowance policy (decision 095): one row per site, read by everyone but Staff, written by admins. */

type PolicyRow = typeof allowancePolicies.$inferSelect;

export function toPolicy(r: PolicyRow): TAllowancePolicy {
  return {
    unit: r.unit === 'days' ? 'days' : 'hours',
    entitlementHours: r.entitlementHours,
    fullTimeWeeklyHours: r.fullTimeWeeklyHours,
    entitlementDays: r.entitlementDays,
    fullWeekDays: r.fullWeekDays,
    yearStartMonth: r.yearStartMonth,
    accrual: r.accrual === 'monthly' ? 'monthly' : 'upfront',
    carryOverCapHours: r.carryOverCapHours,
    carryOverExpiry:
      r.carryOverExpiryMonth !== null && r.carryOverExpiryDay !== null
        ? { month: r.carryOverExpiryMonth, day: r.carryOverExpiryDay }
        : null,
    firstLeaveYear: r.firstLeaveYear,
    refuseBelowZero: r.refuseBelowZero,
  };
}

/** The engine's shape: only the pair of the policy's unit. */
export function toEnginePolicy(p: TAllowancePolicy): LeavePolicy {
  const common = {
    yearStartMonth: p.yearStartMonth,
    accrual: p.accrual,
    carryOverCapHours: p.carryOverCapHours,
    carryOverExpiry: p.carryOverExpiry,
    firstLeaveYear: p.firstLeaveYear,
  };
  return p.unit === 'hours'
    ? { unit: 'hours', entitlementHours: p.entitlementHours, fullTimeWeeklyHours: p.fullTimeWeeklyHours, ...common }
    : { unit: 'days', entitlementDays: p.entitlementDays, fullWeekDays: p.fullWeekDays, ...common };
}

export async function readPolicy(db: Db, actor: Pick<Actor, 'siteId'>): Promise<TAllowancePolicy | null> {
  const [row] = await db.select().from(allowancePolicies).where(inSite(actor, allowancePolicies.siteId));
  return row ? toPolicy(row) : null;
}

export async function getPolicy(db: Db, actor: Actor): Promise<TAllowancePolicyReply> {
  const [row] = await db.select().from(allowancePolicies).where(inSite(actor, allowancePolicies.siteId));
  return row ? { policy: toPolicy(row), updatedAt: row.updatedAt.toISOString() } : { policy: null, updatedAt: null };
}

export async function putPolicy(db: Db, actor: Actor, p: TAllowancePolicy, now: Date): Promise<TAllowancePolicyReply> {
  const values = {
    unit: p.unit,
    entitlementHours: p.entitlementHours,
    fullTimeWeeklyHours: p.fullTimeWeeklyHours,
    entitlementDays: p.entitlementDays,
    fullWeekDays: p.fullWeekDays,
    yearStartMonth: p.yearStartMonth,
    accrual: p.accrual,
    carryOverCapHours: p.carryOverCapHours,
    carryOverExpiryMonth: p.carryOverExpiry?.month ?? null,
    carryOverExpiryDay: p.carryOverExpiry?.day ?? null,
    firstLeaveYear: p.firstLeaveYear,
    refuseBelowZero: p.refuseBelowZero,
    updatedByUserId: actor.userId,
    updatedAt: now,
  };
  const [row] = await db
    .insert(allowancePolicies)
    .values({ siteId: actor.siteId, ...values })
    .onConflictDoUpdate({ target: allowancePolicies.siteId, set: values })
    .returning();
  return { policy: toPolicy(row), updatedAt: row.updatedAt.toISOString() };
}
