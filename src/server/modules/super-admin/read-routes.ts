import { ZIdParams } from '../../../shared/contracts/common';
import {
  ZAdminBusinessPage,
  ZAdminSitePage,
  ZAdminStats,
  ZAdminUserPage,
  ZAuditPage,
  ZBugReportPage,
  ZBugReportQuery,
  ZBusinessDetail,
  ZListQuery,
  ZSearchQuery,
  ZSearchResult,
  ZSiteDetail,
} from '../../../shared/contracts/super-admin';
import { siteIdForPlatformOperator } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { listAudit } from './audit';
import { listBugReports } from './bug-reports';
import { currentSuperAdmin, superAdminRoute } from './route-config';
import { adminStats, businessDetail, listBusinesses, listSites, listUsers, search, siteDetail } from './queries';

export function registerAdminReadRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const config = superAdminRoute;

  app.get('/api/admin/stats', { config, schema: { response: { 200: ZAdminStats } } }, async () => adminStats(db, deps.now()));

  app.get('/api/admin/businesses', { config, schema: { querystring: ZListQuery, response: { 200: ZAdminBusinessPage } } }, async (req) =>
    listBusinesses(db, req.query.q, req.query.page, req.query.pageSize),
  );

  app.get('/api/admin/businesses/:id', { config, schema: { params: ZIdParams, response: { 200: ZBusinessDetail } } }, async (req) =>
    businessDetail(db, req.params.id),
  );

  app.get(
    '/api/admin/businesses/:id/audit',
    { config, schema: { params: ZIdParams, querystring: ZListQuery, response: { 200: ZAuditPage } } },
    async (req) => listAudit(db, req.params.id, req.query.page, req.query.pageSize),
  );

  app.get('/api/admin/sites', { config, schema: { querystring: ZListQuery, response: { 200: ZAdminSitePage } } }, async (req) =>
    listSites(db, req.query.q, req.query.page, req.query.pageSize),
  );

  app.get('/api/admin/sites/:id', { config, schema: { params: ZIdParams, response: { 200: ZSiteDetail } } }, async (req) =>
    siteDetail(db, siteIdForPlatformOperator(currentSuperAdmin(req), req.params.id)),
  );

  app.get('/api/admin/users', { config, schema: { querystring: ZListQuery, response: { 200: ZAdminUserPage } } }, async (req) =>
    listUsers(db, req.query.q, req.query.page, req.query.pageSize),
  );

  app.get('/api/admin/search', { config, schema: { querystring: ZSearchQuery, response: { 200: ZSearchResult } } }, async (req) =>
    search(db, req.query.q, req.query.type),
  );

  app.get('/api/admin/bug-reports', { config, schema: { querystring: ZBugReportQuery, response: { 200: ZBugReportPage } } }, async (req) =>
    listBugReports(db, req.query),
  );
}
