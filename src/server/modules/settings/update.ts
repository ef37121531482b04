import { eq } from 'drizzle-orm';
import type { TDataManagement, TSettingsResponse, TUpdateSettingsRequest } from '../../../shared/contracts/settings';
import { daysOrDefault, DEFAULT_FUTURE_DAYS, DEFAULT_RETENTION_DAYS } from '../../../shared/domain/data-retention';
import { AppError } from '../../../shared/errors';
import { inBusinessSites, inSite, messages, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { businesses, dataManagementSettings, siteSettings } from '../../db/schema';
import { refreshRecorded } from '../day-ledger';
import { getSettingsRow, toSettings } from './service';

type DataRow = typeof dataManagementSettings.$inferSelect;

export function toDataManagement(row: DataRow): TDataManagement {
  return {
    dataRetentionDays: row.dataRetentionDays,
    futureDataDays: row.futureDataDays,
    autoCleanupEnabled: row.autoCleanupEnabled,
    lastDataCleanup: row.lastDataCleanup?.toISOString() ?? null,
    holidayCountry: row.holidayCountry,
    holidayState: row.holidayState,
  };
}

/** The current site's data management record; created with the defaults when the site has none yet. */
export async function getDataManagementRow(db: Db, actor: Actor): Promise<DataRow> {
  const [row] = await db.select().from(dataManagementSettings).where(inSite(actor, dataManagementSettings.siteId));
  if (row) return row;
  await db.insert(dataManagementSettings).values({ siteId: actor.siteId }).onConflictDoNothing();
  return (await db.select().from(dataManagementSettings).where(inSite(actor, dataManagementSettings.siteId)))[0];
}

export async function readSettings(db: Db, actor: Actor): Promise<TSettingsResponse> {
  const row = await getSettingsRow(db, actor);
  const [business] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, actor.businessId));
  return {
    ...toSettings(row),
    businessName: row.businessName ?? business?.name ?? null,
    dataManagement: toDataManagement(await getDataManagementRow(db, actor)),
  };
}

/**
 * PUT /api/settings. Weekend switches and hours are for any writer; the company name, data management and
 * what Staff see of colleagues' absences (decision 106) are the admin's: a non-admin sending them changed is refused rather than half-applied. A change of a
 * weekend switch re-checks every recorded day in the same transaction (decisions 012 and 111).
 */
export async function updateSettings(db: Db, actor: Actor, req: TUpdateSettingsRequest, now: Date): Promise<TSettingsResponse> {
  const current = await readSettings(db, actor);
  const dm = current.dataManagement;
  const retention =
    req.dataRetentionDays === undefined ? dm.dataRetentionDays : daysOrDefault(req.dataRetentionDays, DEFAULT_RETENTION_DAYS);
  const future = req.futureDataDays === undefined ? dm.futureDataDays : daysOrDefault(req.futureDataDays, DEFAULT_FUTURE_DAYS);
  const auto = req.autoCleanupEnabled ?? dm.autoCleanupEnabled;
  const businessName = req.businessName === undefined || req.businessName === null ? current.businessName : req.businessName;
  const showTypes = req.showAbsenceTypesToStaff ?? current.showAbsenceTypesToStaff;
  const adminChange =
    req.siteName !== current.siteName ||
    showTypes !== current.showAbsenceTypesToStaff ||
    businessName !== current.businessName ||
    retention !== dm.dataRetentionDays ||
    future !== dm.futureDataDays ||
    auto !== dm.autoCleanupEnabled;
  if (adminChange && !actor.isAdmin) throw new AppError('FORBIDDEN', messages.adminOnly);

  await db.transaction(async (tx) => {
    await tx
      .update(siteSettings)
      .set({
        siteName: req.siteName,
        saturdayWorkday: req.saturdayWorkday,
        sundayWorkday: req.sundayWorkday,
        saturdayHours: req.saturdayHours ?? current.saturdayHours,
        sundayHours: req.sundayHours ?? current.sundayHours,
        dataRetentionDays: retention,
        futureDataDays: future,
        showAbsenceTypesToStaff: showTypes,
        updatedAt: now,
      })
      .where(inSite(actor, siteSettings.siteId));
    await tx
      .update(dataManagementSettings)
      .set({ dataRetentionDays: retention, futureDataDays: future, autoCleanupEnabled: auto })
      .where(inSite(actor, dataManagementSettings.siteId));
    if (businessName !== current.businessName && businessName) {
      // The company name belongs to the business: every one of its sites shows the new one.
      await tx.update(businesses).set({ name: businessName }).where(eq(businesses.id, actor.businessId));
      await tx.update(siteSettings).set({ businessName, updatedAt: now }).where(inBusinessSites(actor, siteSettings.siteId));
    }
    if (req.saturdayWorkday !== current.saturdayWorkday || req.sundayWorkday !== current.sundayWorkday) {
      // The switches have no date, so every weekend day moves, past ones too: every stored row is brought
      // to the new hours, past ones keeping their authorisation (decision 111).
      await refreshRecorded(tx, actor.siteId, now, null);
    }
  });
  return readSettings(db, actor);
}
