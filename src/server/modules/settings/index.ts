/** A site's settings. The front door (decision 109): other code imports this module only from here. */
export { registerSettingsRoutes } from './routes';
export { getSettingsRow, normaliseOrder, toSettings } from './service';
export { getDataManagementRow } from './update';
