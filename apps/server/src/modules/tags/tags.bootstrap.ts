import type { Db } from '../../platform/db/database.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit/audit.js';
import { TAG_CATALOGUE } from '@cmp/domain/tags/tag-catalog-groups';
import * as repo from './tags.repo.js';

/**
 * Adds the tag catalogue's rows a database lacks (rows already there are left as they are: their names may
 * have been edited). Safe on every start and from several processes at once.
 */
export async function ensureTagCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const added = await repo.insertMissingCatalogue(tx, TAG_CATALOGUE);
    if (added.length === 0) return;
    await writeAudit(tx, {
      actor: SYSTEM_ACTOR,
      entityType: 'tag_catalogue',
      entityId: 'tags',
      action: 'TAG_CATALOGUE_SEED',
      after: { codes: added },
    });
  });
}
