import { QueryBuilder } from 'drizzle-orm/pg-core';
import { storedFiles } from './files.tables.js';

/*
 * Where a stored file's bytes are, for a module that keeps files of its own records (a report's pictures)
 * and reads them back: a read-only view of `stored_files`.
 */
const qb = new QueryBuilder();

/** A stored file's name and the key of its bytes in the file storage. */
export const fileStorageKeys = qb
  .select({ fileId: storedFiles.id, name: storedFiles.name, storageKey: storedFiles.storageKey })
  .from(storedFiles)
  .as('file_storage_keys');
