import {
  SIDEBAR_CATEGORIES,
  type TReorderCategoriesRequest,
  type TSettings,
  type TSidebarCategory,
} from '../../../shared/contracts/settings';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { moveItem } from '../../db/reorder';
import { sites, siteSettings } from '../../db/schema';

type SettingsRow = typeof siteSettings.$inferSelect;

/** A stored order missing a category (or repeating one) is repaired rather than trusted. */
export function normaliseOrder(order: readonly string[] | null | undefined): TSidebarCategory[] {
  const seen = (order ?? []).filter((c): c is TSidebarCategory => (SIDEBAR_CATEGORIES as readonly string[]).includes(c));
  const unique = [...new Set(seen)];
  return [...unique, ...SIDEBAR_CATEGORIES.filter((c) => !unique.includes(c))];
}

export function toSettings(row: SettingsRow): TSettings {
  return {
    siteName: row.siteName,
    businessName: row.businessName,
    saturdayWorkday: row.saturdayWorkday,
    saturdayHours: row.saturdayHours,
    sundayWorkday: row.sundayWorkday,
    sundayHours: row.sundayHours,
    defaultDailyHours: row.defaultDailyHours,
    defaultEfficiencyRate: row.defaultEfficiencyRate,
    dataRetentionDays: row.dataRetentionDays,
    futureDataDays: row.futureDataDays,
    sidebarCategoryOrder: normaliseOrder(row.sidebarCategoryOrder),
    showAbsenceTypesToStaff: row.showAbsenceTypesToStaff,
  };
}

/** The current site's settings; a site created without a row gets the defaults on first read. */
export async function getSettingsRow(db: Db, actor: Actor): Promise<SettingsRow> {
  const [row] = await db.select().from(siteSettings).where(inSite(actor, siteSettings.siteId));
  if (row) return row;
  const [site] = await db.select({ name: sites.name }).from(sites).where(inSite(actor, sites.id));
  const [created] = await db
    .insert(siteSettings)
    .values({ siteId: actor.siteId, siteName: site?.name ?? 'Hoursight' })
    .onConflictDoNothing()
    .returning();
  return created ?? (await db.select().from(siteSettings).where(inSite(actor, siteSettings.siteId)))[0];
}

export async function reorderCategories(db: Db, actor: Actor, req: TReorderCategoriesRequest): Promise<TSettings> {
  const row = await getSettingsRow(db, actor);
  const current = normaliseOrder(row.sidebarCategoryOrder);
  const order = moveItem(current, current.indexOf(req.categoryType), req.direction);
  const [updated] = await db
    .update(siteSettings)
    .set({ sidebarCategoryOrder: order, updatedAt: new Date() })
    .where(inSite(actor, siteSettings.siteId))
    .returning();
  return toSettings(updated);
}
