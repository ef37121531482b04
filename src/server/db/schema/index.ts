export * from './tenancy';
export * from './users';
export * from './calendar';
export * from './messaging';
export * from './super-admin';
export * from './api-tokens';
export * from './feeds';
export * from './data-marks';
