import { ZIdParams, ZMessage } from '../../../shared/contracts/common';
import { teamMessages, ZTeam, ZTeamCreate, ZTeamList, ZTeamUpdate } from '../../../shared/contracts/teams';
import { requireAdmin, requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { createTeam, deleteTeam, listTeams, updateTeam } from './service';

/** Teams (decision 085): everyone on the site reads them, admins change them. */
export function registerTeamRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const admin = { config: { access: 'admin' as const } };

  app.get('/api/teams', { config: { access: 'staff' }, schema: { response: { 200: ZTeamList } } }, async (req) =>
    listTeams(db, requireUser(req)),
  );

  app.post('/api/teams', { ...admin, schema: { body: ZTeamCreate, response: { 201: ZTeam } } }, async (req, reply) =>
    reply.status(201).send(await createTeam(db, requireAdmin(req), req.body, deps.now())),
  );

  app.put('/api/teams/:id', { ...admin, schema: { params: ZIdParams, body: ZTeamUpdate, response: { 200: ZTeam } } }, async (req) =>
    updateTeam(db, requireAdmin(req), req.params.id, req.body, deps.now()),
  );

  app.delete('/api/teams/:id', { ...admin, schema: { params: ZIdParams, response: { 200: ZMessage } } }, async (req) => {
    await deleteTeam(db, requireAdmin(req), req.params.id);
    return { message: teamMessages.deleted };
  });
}
