/**
 * Public holidays: the catalogue, a site's list and its import.
 * The front door (decision 109): other code imports this module only from here.
 */
export { registerHolidayRoutes } from './routes';
export { insertMissing, publicHolidaysBetween } from './service';
