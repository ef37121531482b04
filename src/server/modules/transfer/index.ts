/** CSV import and export. The front door (decision 109): other code imports this module only from here. */
export { applyExceptions, planExceptions } from './exceptions-import';
export { registerTransferRoutes } from './routes';
