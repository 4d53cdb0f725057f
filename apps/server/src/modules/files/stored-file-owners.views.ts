import { QueryBuilder } from 'drizzle-orm/pg-core';
import { storedFiles } from './files.tables.js';

/*
 * Whose a stored file is and what it holds, for a module whose records name uploaded files (a share
 * template's pictures) and must check they are the tenant's images: a read-only view of `stored_files`.
 */
const qb = new QueryBuilder();

export const storedFileOwners = qb
  .select({ fileId: storedFiles.id, tenant: storedFiles.tenant, contentType: storedFiles.contentType })
  .from(storedFiles)
  .as('stored_file_owners');
