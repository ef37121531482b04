import {
  ZExportExceptionsQuery,
  ZImportPreview,
  ZImportRequest,
  ZImportResult,
  IMPORT_MAX_BYTES,
  transferMessages,
  type TImportKind,
} from '../../../shared/contracts/transfer';
import { AppError } from '../../../shared/errors';
import { requireUser, requireWriter, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import type { App, AppDeps } from '../../http/types';
import { applyEmployees, planEmployees } from './employees-import';
import { applyExceptions, planExceptions } from './exceptions-import';
import { exportEmployees, exportExceptions } from './export';
import { toPreview } from './plan';

/** Room for a 5 MB file inside a JSON string (quotes and line breaks are escaped), so the 5 MB message is ours. */
const IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES * 2 + 64 * 1024;

type Planned =
  | { kind: 'employees'; plan: Awaited<ReturnType<typeof planEmployees>> }
  | { kind: 'exceptions'; plan: Awaited<ReturnType<typeof planExceptions>> };

async function plan(db: Db, actor: Actor, kind: TImportKind, csv: string, locale: string | undefined, now: Date): Promise<Planned> {
  return kind === 'employees'
    ? { kind, plan: await planEmployees(db, actor, csv, now) }
    : { kind, plan: await planExceptions(db, actor, csv, locale) };
}

const previewOf = (p: Planned) => (p.kind === 'employees' ? toPreview(p.plan) : toPreview(p.plan));

export function registerTransferRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/export/employees.csv', { config: { access: 'user' } }, async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="employees.csv"')
      .send(await exportEmployees(db, requireUser(req), deps.now())),
  );

  app.get(
    '/api/export/exceptions.csv',
    { config: { access: 'user' }, schema: { querystring: ZExportExceptionsQuery } },
    async (req, reply) => {
      const { startDate, endDate } = req.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="exceptions-${startDate}-to-${endDate}.csv"`)
        .send(await exportExceptions(db, requireUser(req), startDate, endDate));
    },
  );

  for (const kind of ['employees', 'exceptions'] as const) {
    const options = { config: { access: 'writer' as const }, bodyLimit: IMPORT_BODY_LIMIT };
    app.post(
      `/api/import/${kind}/preview`,
      { ...options, schema: { body: ZImportRequest, response: { 200: ZImportPreview } } },
      async (req) => previewOf(await plan(db, requireWriter(req), kind, req.body.csv, req.body.locale, deps.now())),
    );

    // Planned again inside the transaction, so it acts on the data as it is now, not as it was at preview.
    app.post(`/api/import/${kind}`, { ...options, schema: { body: ZImportRequest, response: { 200: ZImportResult } } }, async (req) => {
      const actor = requireWriter(req);
      const now = deps.now();
      return db.transaction(async (tx) => {
        const planned = await plan(tx, actor, kind, req.body.csv, req.body.locale, now);
        const errors = previewOf(planned).errors.length;
        if (errors) throw new AppError('BAD_REQUEST', transferMessages.hasErrors(errors));
        if (planned.kind === 'employees') await applyEmployees(tx, actor, planned.plan, now);
        else await applyExceptions(tx, actor, planned.plan, now);
        const { create, update, unchanged } = previewOf(planned).counts;
        return {
          created: create,
          updated: update,
          unchanged,
          message: `Imported: ${create} created, ${update} updated, ${unchanged} unchanged.`,
        };
      });
    });
  }
}
