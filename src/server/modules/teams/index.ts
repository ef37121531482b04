/** Teams. The front door (decision 109): other code imports this module only from here. */
export { registerTeamRoutes } from './routes';
export { assertTeamOfSite, listTeams, teamsByName } from './service';
