/**
 * The hours and exceptions reports: CSV, HTML, PDF and mail.
 * The front door (decision 109): other code imports this module only from here.
 */
export { buildExceptionsReport, buildHoursReport } from './model';
export { reportPdf } from './pdf/render';
export { registerReportRoutes } from './routes';
export { type ReportHeader, type SiteData } from './types';
