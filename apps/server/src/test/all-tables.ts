// Every table of the server, for tests that reset the database (drizzle-kit finds them by name).
export * from '../platform/audit/audit.tables.js';
export * from '../platform/jobs/jobs.tables.js';
export * from '../modules/staff/staff.tables.js';
export * from '../modules/auth/sessions.tables.js';
export * from '../modules/auth/auth.tables.js';
export * from '../modules/files/files.tables.js';
export * from '../modules/operators/operators.tables.js';
export * from '../modules/stations/stations.tables.js';
export * from '../modules/pictures/pictures.tables.js';
export * from '../modules/notifications/notifications.tables.js';
export * from '../modules/worksheets/worksheets.tables.js';
export * from '../modules/dictionaries/dictionaries.tables.js';
export * from '../modules/road-books/road-books.tables.js';
export * from '../modules/tags/tags.tables.js';
export * from '../platform/signed-clients/signed-clients.tables.js';
export * from '../modules/comments/comments.tables.js';
