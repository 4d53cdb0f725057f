import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { storedFiles } from './files.tables.js';

/**
 * Removes the rows of files a module's record kept (a deleted report's pictures), in the caller's
 * transaction. Answers their storage keys: the caller removes the bytes once its change is committed, so a
 * change undone never leaves a row without its bytes.
 */
export async function removeFileRows(tx: DbOrTx, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await tx
    .delete(storedFiles)
    .where(inArray(storedFiles.id, [...fileIds]))
    .returning({ storageKey: storedFiles.storageKey });
  return rows.map((row) => row.storageKey);
}
