/**
 * Exceptions: the absences and extra hours on the calendar.
 * The front door (decision 109): other code imports this module only from here.
 */
export { registerExceptionRoutes } from './routes';
export { checkExceptionValues, createExceptionIn, deleteExceptionIn } from './service';
export { toExceptionView } from './views';
