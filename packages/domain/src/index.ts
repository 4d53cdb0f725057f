export * from './platform/tenants.js';
export * from './platform/paging.js';
export * from './platform/errors.js';
export * from './platform/files.js';
export * from './platform/environments.js';
export * from './auth/contracts.js';
export * from './platform/jobs.js';
export * from './platform/export.js';
