/**
 * Data maintenance (decisions 018 and 080): retention runs and their preview.
 * The front door (decision 109): other code imports this module only from here.
 */
export { registerDataMaintenanceRoutes } from './routes';
export { runScheduledMaintenance } from './service';
