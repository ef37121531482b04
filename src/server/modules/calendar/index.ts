/**
 * The calendar's reads: the window bundle (decisions 032 and 077) and the window's parts.
 * The front door (decision 109): other code imports this module only from here.
 */
export { CalendarCache } from './bundle-cache';
export { registerCalendarBundleRoute } from './bundle-route';
export { registerCalendarReadRoutes } from './routes';
export { listExceptions } from './service';
