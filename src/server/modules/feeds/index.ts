/**
 * Calendar feeds (decision 041): a site's secret iCalendar URLs.
 * The front door (decision 109): other code imports this module only from here.
 */
export { registerFeedRoutes } from './routes';
