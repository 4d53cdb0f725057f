// Every table of the server, for drizzle-kit and for tests that reset the database.
export * from '../audit/audit.tables.js';
export * from '../../modules/staff/staff.tables.js';
export * from '../auth/sessions.tables.js';
export * from '../../modules/auth/auth.tables.js';
export * from '../../modules/files/files.tables.js';
export * from '../../modules/operators/operators.tables.js';
export * from '../../modules/stations/stations.tables.js';
export * from '../../modules/pictures/pictures.tables.js';
export * from '../../modules/notifications/notifications.tables.js';
export * from '../../modules/worksheets/worksheets.tables.js';
export * from '../../modules/dictionaries/dictionaries.tables.js';
export * from '../../modules/road-books/road-books.tables.js';
