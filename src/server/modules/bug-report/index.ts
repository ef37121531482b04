/** The in-app bug report. The front door (decision 109): other code imports this module only from here. */
export { registerBugReportRoutes } from './routes';
