import { z } from 'zod';
import { ZHoliday } from '../../../shared/contracts/calendar';
import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import {
  ZCreateHolidayRequest,
  ZHolidayCandidate,
  ZHolidayCandidatesQuery,
  ZHolidayDeleteQuery,
  ZImportHolidaysRequest,
  ZImportHolidaysResponse,
  ZRegionQuery,
  ZRegions,
} from '../../../shared/contracts/holidays';
import { requireUser, requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { listCountries, listStates } from './catalogue';
import { addHoliday, deleteHoliday, holidayCandidates, importHolidays } from './service';

/** Holiday changes; the windowed GET /api/public-holidays is one of the calendar's reads. */
export function registerHolidayRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.post(
    '/api/public-holidays',
    { config: { access: 'writer' }, schema: { body: ZCreateHolidayRequest, response: { 201: ZHoliday } } },
    async (req, reply) => {
      const row = await addHoliday(db, requireWriter(req), req.body, deps.now());
      return reply.status(201).send(row);
    },
  );

  app.delete(
    '/api/public-holidays/:id',
    { config: { access: 'writer' }, schema: { params: ZIdParams, querystring: ZHolidayDeleteQuery, response: { 200: ZMessage } } },
    async (req) => {
      await deleteHoliday(db, requireWriter(req), req.params.id, req.query.confirmPast, deps.now());
      return { message: 'Holiday deleted' };
    },
  );

  app.get('/api/holiday-catalogue/countries', { config: { access: 'user' }, schema: { response: { 200: ZRegions } } }, async (req) => {
    requireUser(req);
    return listCountries();
  });

  app.get(
    '/api/holiday-catalogue/states',
    { config: { access: 'user' }, schema: { querystring: ZRegionQuery.pick({ country: true }), response: { 200: ZRegions } } },
    async (req) => {
      requireUser(req);
      return listStates(req.query.country);
    },
  );

  app.get(
    '/api/holiday-catalogue/holidays',
    { config: { access: 'user' }, schema: { querystring: ZHolidayCandidatesQuery, response: { 200: z.array(ZHolidayCandidate) } } },
    async (req) => holidayCandidates(db, requireUser(req), req.query),
  );

  app.post(
    '/api/public-holidays/import',
    { config: { access: 'writer' }, schema: { body: ZImportHolidaysRequest, response: { 200: ZImportHolidaysResponse } } },
    async (req) => importHolidays(db, requireWriter(req), req.body, deps.now()),
  );
}
