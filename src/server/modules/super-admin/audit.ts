import { count, desc, eq } from 'drizzle-orm';
import type { TAuditEntry } from '../../../shared/contracts/super-admin';
import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import type { SuperAdminSession } from './sessions';

export interface AuditChange {
  businessId: number | null;
  entity: 'site' | 'user' | 'business' | 'bug_report';
  entityId: number;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Only the fields that changed, on both sides, so an entry reads as a diff. Passwords never appear. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const was = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const now = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (was !== now) {
      b[key] = was ?? null;
      a[key] = now ?? null;
    }
  }
  return { before: b, after: a };
}

export async function recordAudit(db: Db, who: SuperAdminSession, change: AuditChange, now: Date): Promise<void> {
  await db.insert(adminAuditLog).values({
    superAdminId: who.id,
    superAdminEmail: who.email,
    businessId: change.businessId,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
    createdAt: now,
  });
}

export async function listAudit(db: Db, businessId: number, page: number, pageSize: number) {
  const where = eq(adminAuditLog.businessId, businessId);
  const [{ n }] = await db.select({ n: count() }).from(adminAuditLog).where(where);
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items: TAuditEntry[] = rows.map((r) => ({
    id: r.id,
    superAdminEmail: r.superAdminEmail,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total: n, page, pageSize };
}
