import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import { ZEmployee, ZEmployeeInput, ZEmployeeList, ZReorderRequest } from '../../../shared/contracts/employees';
import { requireUser, requireWriter } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createEmployee, deleteEmployee, listEmployees, reorderEmployee, updateEmployee } from './service';

export function registerEmployeeRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get('/api/employees', { config: { access: 'user' }, schema: { response: { 200: ZEmployeeList } } }, async (req) =>
    listEmployees(db, requireUser(req)),
  );

  app.post(
    '/api/employees',
    { config: { access: 'writer' }, schema: { body: ZEmployeeInput, response: { 201: ZEmployee } } },
    async (req, reply) => {
      const employee = await createEmployee(db, requireWriter(req), req.body, deps.now());
      return reply.status(201).send(employee);
    },
  );

  app.put(
    '/api/employees/:id',
    { config: { access: 'writer' }, schema: { params: ZIdParams, body: ZEmployeeInput, response: { 200: ZEmployee } } },
    async (req) => updateEmployee(db, requireWriter(req), req.params.id, req.body, deps.now()),
  );

  app.delete(
    '/api/employees/:id',
    { config: { access: 'writer' }, schema: { params: ZIdParams, response: { 200: ZMessage } } },
    async (req) => {
      await deleteEmployee(db, requireWriter(req), req.params.id, deps.now());
      return { message: 'Employee deleted' };
    },
  );

  app.post(
    '/api/employees/:id/reorder',
    { config: { access: 'writer' }, schema: { params: ZIdParams, body: ZReorderRequest, response: { 200: ZEmployeeList } } },
    async (req) => reorderEmployee(db, requireWriter(req), req.params.id, req.body.direction),
  );
}
