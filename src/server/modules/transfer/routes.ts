import {
  ZExportExceptionsQuery,
  ZImportPreview,
  ZImportRequest,
  ZImportResult,
  IMPORT_MAX_BYTES,
  transferMessages,
  type TImportKind,
  type TImportRequest,
} from '../../../shared/contracts/transfer';
import { AppError } from '../../../shared/errors';
import { requireUser, requireWriter, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import type { App, AppDeps } from '../../http/types';
import { applyEmployees, planEmployees } from './employees-import';
import { applyExceptions, planExceptions, withCreatedTypes } from './exceptions-import';
import { exportEmployees, exportExceptions } from './export';
import { createTypes } from './missing-types';
import { toPreview } from './plan';

/** Room for a 5 MB file inside a JSON string (quotes and line breaks are escaped), so the 5 MB message is ours. */
const IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES * 2 + 64 * 1024;

type Planned =
  | { kind: 'employees'; plan: Awaited<ReturnType<typeof planEmployees>> }
  | { kind: 'exceptions'; plan: Awaited<ReturnType<typeof planExceptions>> };

async function plan(db: Db, actor: Actor, kind: TImportKind, body: TImportRequest, now: Date): Promise<Planned> {
  return kind === 'employees'
    ? { kind, plan: await planEmployees(db, actor, body.csv, now) }
    : {
        kind,
        plan: await planExceptions(db, actor, body.csv, body.locale, {
          createTypes: body.createMissingTypes === true,
          unknownIdsAsNew: body.unknownIdsAsNew === true,
        }),
      };
}

/**
 * Creating exception types while importing is for admins, as the types list is theirs to curate; importing
 * unknown ids as new is for any importer, as it only creates exceptions, which a writer may (decision 083).
 */
function checkOptions(actor: Actor, kind: TImportKind, body: TImportRequest) {
  if (body.unknownIdsAsNew && kind !== 'exceptions') throw new AppError('BAD_REQUEST', transferMessages.unknownIdsExceptionsOnly);
  if (!body.createMissingTypes) return;
  if (!actor.isAdmin) throw new AppError('FORBIDDEN', transferMessages.createTypesAdminOnly);
  if (kind !== 'exceptions') throw new AppError('BAD_REQUEST', transferMessages.createTypesExceptionsOnly);
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
      async (req) => {
        const actor = requireWriter(req);
        checkOptions(actor, kind, req.body);
        return previewOf(await plan(db, actor, kind, req.body, deps.now()));
      },
    );

    // Planned again inside the transaction, so it acts on the data as it is now, not as it was at preview.
    app.post(`/api/import/${kind}`, { ...options, schema: { body: ZImportRequest, response: { 200: ZImportResult } } }, async (req) => {
      const actor = requireWriter(req);
      checkOptions(actor, kind, req.body);
      const now = deps.now();
      // The types and the rows in one transaction: a failing row leaves no type behind.
      return db.transaction(async (tx) => {
        const planned = await plan(tx, actor, kind, req.body, now);
        const { errors, counts, missingTypes } = previewOf(planned);
        if (errors.length) throw new AppError('BAD_REQUEST', transferMessages.hasErrors(errors.length));
        let typesCreated = 0;
        if (planned.kind === 'employees') await applyEmployees(tx, actor, planned.plan, now);
        else {
          const toCreate = req.body.createMissingTypes ? missingTypes : [];
          const ids = await createTypes(tx, actor, toCreate);
          typesCreated = toCreate.length;
          await applyExceptions(tx, actor, withCreatedTypes(planned.plan, ids), now);
        }
        const { create, update, unchanged } = counts;
        const types = typesCreated ? ` ${typesCreated} exception ${typesCreated === 1 ? 'type' : 'types'} created.` : '';
        return {
          created: create,
          updated: update,
          unchanged,
          typesCreated,
          message: `Imported: ${create} created, ${update} updated, ${unchanged} unchanged.${types}`,
        };
      });
    });
  }
}
