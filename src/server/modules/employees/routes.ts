import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import {
  ZContractDeleteQuery,
  ZContractInput,
  ZContractList,
  ZContractParams,
  ZDayExplain,
  ZDayExplainQuery,
  ZEmployeeDeleteQuery,
  ZEndDateInput,
} from '../../../shared/contracts/employee-contracts';
import { ZEmployee, ZEmployeeInput, ZEmployeeList, ZReorderRequest } from '../../../shared/contracts/employees';
import { requireUser, requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { explainDayCoverage } from '../coverage';
import { addContract, deleteContract, listContracts, setEndDate, updateContract } from './contracts';
import { createEmployee, deleteEmployee, listEmployees, reorderEmployee, updateEmployee } from './service';

export function registerEmployeeRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/employees', { config: { access: 'user' }, schema: { response: { 200: ZEmployeeList } } }, async (req) =>
    listEmployees(db, requireUser(req), deps.now()),
  );

  // A start date before today, or a deletion that moves past days, is a change of the past (decision 107):
  // 403 for a non-administrator, 409 with the counts until confirmed, as for contract versions below.
  const pastRefusals = { refusals: [403, 409] as const };

  app.post(
    '/api/employees',
    { config: { access: 'writer', ...pastRefusals }, schema: { body: ZEmployeeInput, response: { 201: ZEmployee } } },
    async (req, reply) => {
      const employee = await createEmployee(db, requireWriter(req), req.body, deps.now());
      return reply.status(201).send(employee);
    },
  );

  app.put(
    '/api/employees/:id',
    { config: { access: 'writer', ...pastRefusals }, schema: { params: ZIdParams, body: ZEmployeeInput, response: { 200: ZEmployee } } },
    async (req) => updateEmployee(db, requireWriter(req), req.params.id, req.body, deps.now()),
  );

  app.delete(
    '/api/employees/:id',
    {
      config: { access: 'writer', ...pastRefusals },
      schema: { params: ZIdParams, querystring: ZEmployeeDeleteQuery, response: { 200: ZMessage } },
    },
    async (req) => {
      await deleteEmployee(db, requireWriter(req), req.params.id, req.query.confirmPast, deps.now());
      return { message: 'Employee deleted' };
    },
  );

  app.post(
    '/api/employees/:id/reorder',
    { config: { access: 'writer' }, schema: { params: ZIdParams, body: ZReorderRequest, response: { 200: ZEmployeeList } } },
    async (req) => reorderEmployee(db, requireWriter(req), req.params.id, req.body.direction, deps.now()),
  );

  // Contract versions (decision 076). A change reaching past days answers 403 for a non-administrator and
  // 409 with the counts until confirmed.

  app.get(
    '/api/employees/:id/contracts',
    { config: { access: 'user' }, schema: { params: ZIdParams, response: { 200: ZContractList } } },
    async (req) => listContracts(db, requireUser(req), req.params.id, deps.now()),
  );

  app.post(
    '/api/employees/:id/contracts',
    {
      config: { access: 'writer', ...pastRefusals },
      schema: { params: ZIdParams, body: ZContractInput, response: { 201: ZContractList } },
    },
    async (req, reply) => reply.status(201).send(await addContract(db, requireWriter(req), req.params.id, req.body, deps.now())),
  );

  app.put(
    '/api/employees/:id/contracts/:contractId',
    {
      config: { access: 'writer', ...pastRefusals },
      schema: { params: ZContractParams, body: ZContractInput, response: { 200: ZContractList } },
    },
    async (req) => updateContract(db, requireWriter(req), req.params.id, req.params.contractId, req.body, deps.now()),
  );

  app.delete(
    '/api/employees/:id/contracts/:contractId',
    {
      config: { access: 'writer', ...pastRefusals },
      schema: { params: ZContractParams, querystring: ZContractDeleteQuery, response: { 200: ZContractList } },
    },
    async (req) => deleteContract(db, requireWriter(req), req.params.id, req.params.contractId, req.query.confirmPast, deps.now()),
  );

  app.put(
    '/api/employees/:id/end-date',
    { config: { access: 'writer', ...pastRefusals }, schema: { params: ZIdParams, body: ZEndDateInput, response: { 200: ZContractList } } },
    async (req) => setEndDate(db, requireWriter(req), req.params.id, req.body, deps.now()),
  );

  app.get(
    '/api/day-explain',
    { config: { access: 'user' }, schema: { querystring: ZDayExplainQuery, response: { 200: ZDayExplain } } },
    async (req) => explainDayCoverage(db, requireUser(req), req.query.date),
  );
}
