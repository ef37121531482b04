import { ZDataMaintenancePreview, ZDataMaintenancePreviewQuery } from '../../../shared/contracts/data-maintenance';
import { ZDataMaintenanceRequest, ZDataMaintenanceResponse } from '../../../shared/contracts/holidays';
import { requireAdmin } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { previewSiteMaintenance, runSiteMaintenance } from './service';

export function registerDataMaintenanceRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  // Decision 080: what a run would remove and add, read only, for the same admins as the run. A GET, so it
  // announces no change and clears no cache; a read-only admin may look, as on every admin read.
  app.get(
    '/api/data-maintenance/preview',
    { config: { access: 'admin' }, schema: { querystring: ZDataMaintenancePreviewQuery, response: { 200: ZDataMaintenancePreview } } },
    async (req) => {
      const { plan, ...counts } = await previewSiteMaintenance(db, requireAdmin(req).siteId, req.query, deps.now());
      const { retentionDays, futureDataDays, today, keepFrom, extendTo } = plan;
      return { retentionDays, futureDataDays, today, keepFrom, extendTo, ...counts };
    },
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
