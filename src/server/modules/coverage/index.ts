/**
 * Coverage (how many must be available): its rules, the guard on changes, short days, alerts and the forecast.
 * The front door (decision 109): other code imports this module only from here.
 */
export { runShortfallAlerts, SHORTFALL_ALERT_JOB } from './alerts';
export { explainDayCoverage } from './explain';
export { getForecast } from './forecast';
export { registerForecastRoutes } from './forecast-routes';
export { availableOf, checkCoverage, holidaysOf, recordAcknowledgement, spanGuard, type CoverageGuard } from './guard';
export { registerCoverageRoutes } from './routes';
export { coverageRulesSql, parseCoverageRules, readCoverageRules, weekdaysOf } from './rules';
export { shortDaysOf } from './shortfalls';
