import { ZReorderCategoriesRequest, ZSettings } from '../../../shared/contracts/settings';
import { requireUser, requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { getSettingsRow, reorderCategories, toSettings } from './service';

export function registerSettingsRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/settings', { schema: { response: { 200: ZSettings } } }, async (req) => toSettings(await getSettingsRow(db, requireUser(req))));

  app.post('/api/settings/reorder-categories', { schema: { body: ZReorderCategoriesRequest, response: { 200: ZSettings } } }, async (req) =>
    reorderCategories(db, requireWriter(req), req.body),
  );
}
