/** Days whose hours changed, and their authorisation. The front door (decision 109): other code imports this module only from here. */
export { registerDayChangeRoutes } from './routes';
export { toDayChangeView } from './views';
