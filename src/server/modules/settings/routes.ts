import { ZReorderCategoriesRequest, ZSettings, ZSettingsResponse, ZUpdateSettingsRequest } from '../../../shared/contracts/settings';
import { ZDataMaintenanceRequest, ZDataMaintenanceResponse } from '../../../shared/contracts/holidays';
import { requireAdmin, requireUser, requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { runSiteMaintenance } from '../data-maintenance/service';
import { reorderCategories } from './service';
import { readSettings, updateSettings } from './update';

export function registerSettingsRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/settings', { config: { access: 'user' }, schema: { response: { 200: ZSettingsResponse } } }, async (req) =>
    readSettings(db, requireUser(req)),
  );

  app.put(
    '/api/settings',
    { config: { access: 'writer' }, schema: { body: ZUpdateSettingsRequest, response: { 200: ZSettingsResponse } } },
    async (req) => updateSettings(db, requireWriter(req), req.body, deps.now()),
  );

  app.post(
    '/api/settings/reorder-categories',
    { config: { access: 'writer' }, schema: { body: ZReorderCategoriesRequest, response: { 200: ZSettings } } },
    async (req) => reorderCategories(db, requireWriter(req), req.body),
  );

  // Spec 02 §7: retentionDays and futureDataDays; an invalid value falls back to 365 / 730 (§5).
  app.post(
    '/api/data-maintenance',
    { config: { access: 'admin' }, schema: { body: ZDataMaintenanceRequest, response: { 200: ZDataMaintenanceResponse } } },
    async (req) => {
      const actor = requireAdmin(req);
      const body = req.body ?? {};
      const result = await runSiteMaintenance(
        db,
        actor.siteId,
        { retentionDays: body.retentionDays, futureDataDays: body.futureDataDays },
        deps.now(),
      );
      return { cleaned: result.cleaned, extended: result.extended, lastDataCleanup: result.lastDataCleanup.toISOString() };
    },
  );
}
