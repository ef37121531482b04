import { ZReorderCategoriesRequest, ZSettings, ZSettingsResponse, ZUpdateSettingsRequest } from '../../../shared/contracts/settings';
import { requireUser, requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { reorderCategories } from './service';
import { readSettings, updateSettings } from './update';

export function registerSettingsRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/settings', { config: { access: 'staff' }, schema: { response: { 200: ZSettingsResponse } } }, async (req) =>
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
}
