/** Employees, their contract versions and hours. The front door (decision 109): other code imports this module only from here. */
export { insertFirstVersions, setHoursFromToday } from './hours';
export { registerEmployeeRoutes } from './routes';
export { listEmployees, ownedEmployee } from './service';
