import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import {
  CONFIG_APP_IDS,
  NamespaceNameSchema,
  ReleaseFilterSchema,
  type AppConfig,
  type ConfigItem,
  type ConfigItems,
  type ConfigItemSave,
  type ConfigNamespace,
  type ConfigNamespaceList,
  type ItemChange,
  type NamespaceCreate,
  type Notification,
  type Notifications,
  type ReleaseCreate,
  type ReleaseDetail,
  type ReleaseDiff,
  type ReleaseDiffQuery,
  type ReleasedItem,
  type ReleaseList,
  type ReleaseListQuery,
  type ReleaseSummary,
} from '@cmp/domain/cloud-config/cloud-config';
import { ruleMessage } from '@cmp/domain/messages/format';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { RELEASE_LIST_EXPORT } from './cloud-config.export.js';
import * as repo from './cloud-config.repo.js';
import { longPoll, type ReleaseNotifier } from './release-notifier.js';

export const CONFIG_NAMESPACE_ENTITY = 'config_namespace';
export const CONFIG_ITEM_ENTITY = 'config_item';
export const CONFIG_RELEASE_ENTITY = 'config_release';

export const ReleaseExportFilterSchema = ReleaseFilterSchema.extend({
  tenant: TenantSchema,
  namespaceName: NamespaceNameSchema,
});
export type ReleaseExportFilter = z.infer<typeof ReleaseExportFilterSchema>;

const nameOf = (actor: Actor) => actor.userName ?? 'system';

const releasedItemOf = (row: repo.ItemRow): ReleasedItem => ({
  key: row.key,
  value: row.value,
  comment: row.comment,
});

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Whether two snapshots hold the same keys with the same values and comments. */
const sameItems = (a: ReleasedItem[], b: ReleasedItem[]): boolean => {
  if (a.length !== b.length) return false;
  const left = [...a].sort(byKey);
  const right = [...b].sort(byKey);
  return left.every(
    (item, at) =>
      item.key === right[at]!.key && item.value === right[at]!.value && item.comment === right[at]!.comment,
  );
};

/** Apollo's form: the release time to the second, then random hex, unique however fast releases come. */
function newReleaseKey(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}-${randomBytes(8).toString('hex')}`;
}

export const toReleaseSummary = (row: repo.ReleaseRow, namespaceName: string): ReleaseSummary => ({
  releaseId: row.releaseId,
  namespaceName,
  notificationId: row.notificationId,
  releaseKey: row.releaseKey,
  releaseTitle: row.releaseTitle,
  releaseComment: row.releaseComment,
  releasedBy: row.releasedBy,
  releasedAt: row.releasedAt.getTime(),
  rollbackOfReleaseId: row.rollbackOfReleaseId,
  itemCount: row.items.length,
});

/** Each working item's change since the release, and the released keys deleted since. */
function changesSince(items: repo.ItemRow[], released: ReleasedItem[] | undefined) {
  const byReleasedKey = new Map((released ?? []).map((item) => [item.key, item]));
  const marked = items.map((row): { row: repo.ItemRow; change: ItemChange } => {
    const before = byReleasedKey.get(row.key);
    if (!before) return { row, change: 'added' };
    return {
      row,
      change: before.value === row.value && before.comment === row.comment ? 'unchanged' : 'changed',
    };
  });
  const working = new Set(items.map((row) => row.key));
  const removed = (released ?? []).filter((item) => !working.has(item.key));
  return { marked, removed };
}

/**
 * The tenant's configuration app: namespaces, their working items, releases as immutable snapshots, the
 * diff of any two and the rollback to one; and what the apps read, released only.
 */
export class CloudConfigService {
  constructor(
    private readonly db: Db,
    private readonly notifier: ReleaseNotifier,
    private readonly longPollMs: number,
  ) {}

  async namespaces(tenant: Tenant): Promise<ConfigNamespaceList> {
    const rows = await repo.namespacesOf(this.db, tenant);
    const ids = rows.map((row) => row.namespaceId);
    const [items, releases] = await Promise.all([
      repo.itemsOfNamespaces(this.db, ids),
      repo.latestReleases(this.db, ids),
    ]);
    return {
      items: rows.map((row): ConfigNamespace => {
        const release = releases.find((r) => r.namespaceId === row.namespaceId);
        const own = items.filter((item) => item.namespaceId === row.namespaceId);
        const { marked, removed } = changesSince(own, release?.items);
        return {
          appId: CONFIG_APP_IDS[tenant],
          namespaceName: row.namespaceName,
          comment: row.comment,
          notificationId: row.notificationId,
          itemCount: own.length,
          unreleasedChanges: marked.filter((m) => m.change !== 'unchanged').length + removed.length,
          lastReleasedAt: release?.releasedAt.getTime() ?? null,
          createdBy: row.createdBy,
          createTime: row.createTime.getTime(),
        };
      }),
    };
  }

  async createNamespace(tenant: Tenant, input: NamespaceCreate, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.insertNamespace(tx, {
        tenant,
        namespaceName: input.namespaceName,
        comment: input.comment ?? null,
        createdBy: nameOf(actor),
      });
      if (!row) {
        throw AppError.conflict(
          ruleMessage('cloudConfig.namespaceTaken', { namespaceName: input.namespaceName }),
        );
      }
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: CONFIG_NAMESPACE_ENTITY,
        entityId: row.namespaceName,
        action: 'CONFIG_NAMESPACE_CREATE',
        after: { namespaceName: row.namespaceName, comment: row.comment },
      });
    });
  }

  private async namespace(db: DbOrTx, tenant: Tenant, namespaceName: string): Promise<repo.NamespaceRow> {
    const row = await repo.findNamespace(db, tenant, namespaceName);
    if (!row) throw AppError.notFound('namespace', namespaceName);
    return row;
  }

  private async lockedNamespace(tx: DbOrTx, tenant: Tenant, namespaceName: string) {
    const row = await repo.lockNamespace(tx, tenant, namespaceName);
    if (!row) throw AppError.notFound('namespace', namespaceName);
    return row;
  }

  /** GET namespace items: each marked with its change since the latest release. */
  async items(tenant: Tenant, namespaceName: string): Promise<ConfigItems> {
    const namespace = await this.namespace(this.db, tenant, namespaceName);
    const [items, release] = await Promise.all([
      repo.itemsOf(this.db, namespace.namespaceId),
      repo.latestRelease(this.db, namespace.namespaceId),
    ]);
    const { marked, removed } = changesSince(items, release?.items);
    return {
      appId: CONFIG_APP_IDS[tenant],
      namespaceName,
      items: marked.map(({ row, change }): ConfigItem => ({
        ...releasedItemOf(row),
        version: row.version,
        modifiedBy: row.modifiedBy,
        modifiedAt: row.modifiedAt.getTime(),
        change,
      })),
      removedItems: removed,
      latestRelease: release ? toReleaseSummary(release, namespaceName) : null,
    };
  }

  /**
   * PUT item: a key without `version` is added (409 when the namespace has it), one with `version` is
   * saved from that version (409 when saved or deleted since). Unlike the upstream service, a save that
   * fails answers its error: nothing reports success for a change that was not made.
   */
  async saveItem(tenant: Tenant, namespaceName: string, input: ConfigItemSave, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const namespace = await this.namespace(tx, tenant, namespaceName);
      const values = { value: input.value, comment: input.comment ?? null, modifiedBy: nameOf(actor) };
      const entityId = `${namespaceName}/${input.key}`;
      if (input.version === undefined) {
        const row = await repo.insertItem(tx, {
          namespaceId: namespace.namespaceId,
          key: input.key,
          ...values,
          createdBy: nameOf(actor),
        });
        if (!row) throw AppError.conflict(ruleMessage('cloudConfig.keyTaken', { key: input.key }));
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: CONFIG_ITEM_ENTITY,
          entityId,
          action: 'CONFIG_ITEM_CREATE',
          after: releasedItemOf(row),
        });
        return;
      }
      const stored = await repo.findItem(tx, namespace.namespaceId, input.key);
      const row = stored && (await repo.updateItem(tx, stored.itemId, input.version, values));
      if (!row) throw AppError.conflict(ruleMessage('cloudConfig.versionConflict'));
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: CONFIG_ITEM_ENTITY,
        entityId,
        action: 'CONFIG_ITEM_UPDATE',
        before: releasedItemOf(stored),
        after: releasedItemOf(row),
      });
    });
  }

  /** DELETE item from the version read (409 when saved since); the apps keep it until the next release. */
  async deleteItem(
    tenant: Tenant,
    namespaceName: string,
    key: string,
    version: number,
    actor: Actor,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const namespace = await this.namespace(tx, tenant, namespaceName);
      const stored = await repo.findItem(tx, namespace.namespaceId, key);
      if (!stored) throw AppError.notFound('configuration item', `${namespaceName}/${key}`);
      if (!(await repo.deleteItem(tx, stored.itemId, version))) {
        throw AppError.conflict(ruleMessage('cloudConfig.versionConflict'));
      }
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: CONFIG_ITEM_ENTITY,
        entityId: `${namespaceName}/${key}`,
        action: 'CONFIG_ITEM_DELETE',
        before: releasedItemOf(stored),
      });
    });
  }

  /** POST releases: the working items as the namespace's next release (409 when nothing changed). */
  async release(
    tenant: Tenant,
    namespaceName: string,
    input: ReleaseCreate,
    actor: Actor,
  ): Promise<ReleaseSummary> {
    const row = await this.db.transaction(async (tx) => {
      const namespace = await this.lockedNamespace(tx, tenant, namespaceName);
      const items = (await repo.itemsOf(tx, namespace.namespaceId)).map(releasedItemOf);
      const latest = await repo.latestRelease(tx, namespace.namespaceId);
      if (latest ? sameItems(latest.items, items) : items.length === 0) {
        throw AppError.conflict(ruleMessage('cloudConfig.nothingToRelease'));
      }
      const release = await this.insertRelease(tx, namespace, input, items, actor, null);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: CONFIG_RELEASE_ENTITY,
        entityId: release.releaseId,
        action: 'CONFIG_RELEASE',
        before: latest ? { releaseId: latest.releaseId, items: latest.items } : null,
        after: { ...releaseRecordOf(release, namespaceName), items },
      });
      return release;
    });
    await this.announce(tenant, namespaceName, row);
    return toReleaseSummary(row, namespaceName);
  }

  /**
   * POST rollback: a new release whose snapshot equals the release named, and the working items set to it,
   * so the next release does not bring back what was rolled back. Unreleased edits are overwritten (the
   * audit keeps them). 409 when the release named is the latest and the items equal it.
   */
  async rollback(
    tenant: Tenant,
    namespaceName: string,
    releaseId: number,
    input: ReleaseCreate,
    actor: Actor,
  ): Promise<ReleaseSummary> {
    const row = await this.db.transaction(async (tx) => {
      const namespace = await this.lockedNamespace(tx, tenant, namespaceName);
      const target = await this.releaseOf(tx, namespace, releaseId);
      const working = await repo.itemsOf(tx, namespace.namespaceId);
      const latest = await repo.latestRelease(tx, namespace.namespaceId);
      if (latest?.releaseId === target.releaseId && sameItems(target.items, working.map(releasedItemOf))) {
        throw AppError.conflict(ruleMessage('cloudConfig.alreadyCurrent'));
      }
      await this.setWorkingItems(tx, namespace.namespaceId, working, target.items, actor);
      const release = await this.insertRelease(tx, namespace, input, target.items, actor, target.releaseId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: CONFIG_RELEASE_ENTITY,
        entityId: release.releaseId,
        action: 'CONFIG_ROLLBACK',
        before: {
          releaseId: latest?.releaseId ?? null,
          workingItems: working.map(releasedItemOf),
        },
        after: { ...releaseRecordOf(release, namespaceName), items: target.items },
      });
      return release;
    });
    await this.announce(tenant, namespaceName, row);
    return toReleaseSummary(row, namespaceName);
  }

  /** Makes the working items equal the snapshot; an item that stays as it is keeps its version. */
  private async setWorkingItems(
    tx: DbOrTx,
    namespaceId: number,
    working: repo.ItemRow[],
    snapshot: ReleasedItem[],
    actor: Actor,
  ): Promise<void> {
    const wanted = new Map(snapshot.map((item) => [item.key, item]));
    const kept = new Set<string>();
    for (const row of working) {
      const item = wanted.get(row.key);
      if (!item) {
        await repo.deleteItem(tx, row.itemId, row.version);
        continue;
      }
      kept.add(row.key);
      if (item.value !== row.value || item.comment !== row.comment) {
        await repo.updateItem(tx, row.itemId, row.version, {
          value: item.value,
          comment: item.comment,
          modifiedBy: nameOf(actor),
        });
      }
    }
    await repo.insertItems(
      tx,
      snapshot
        .filter((item) => !kept.has(item.key))
        .map((item) => ({ namespaceId, ...item, createdBy: nameOf(actor), modifiedBy: nameOf(actor) })),
    );
  }

  private async insertRelease(
    tx: DbOrTx,
    namespace: repo.NamespaceRow,
    input: ReleaseCreate,
    items: ReleasedItem[],
    actor: Actor,
    rollbackOfReleaseId: number | null,
  ): Promise<repo.ReleaseRow> {
    const notificationId = await repo.bumpNotificationId(tx, namespace.namespaceId);
    return repo.insertRelease(tx, {
      namespaceId: namespace.namespaceId,
      tenant: namespace.tenant,
      notificationId,
      releaseKey: newReleaseKey(),
      releaseTitle: input.releaseTitle,
      releaseComment: input.releaseComment ?? null,
      items: [...items].sort(byKey),
      releasedBy: nameOf(actor),
      rollbackOfReleaseId,
    });
  }

  private announce(tenant: Tenant, namespaceName: string, row: repo.ReleaseRow): Promise<void> {
    return this.notifier.announce({ tenant, namespaceName, notificationId: row.notificationId });
  }

  private async releaseOf(db: DbOrTx, namespace: repo.NamespaceRow, releaseId: number) {
    const row = await repo.findRelease(db, namespace.namespaceId, releaseId);
    if (!row) throw AppError.notFound('release', releaseId);
    return row;
  }

  async releases(tenant: Tenant, namespaceName: string, query: ReleaseListQuery): Promise<ReleaseList> {
    await this.namespace(this.db, tenant, namespaceName);
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.releaseList.page(
      this.db,
      { ...filter, tenant, namespaceName },
      { pageNo, pageSize },
    );
    return {
      items: page.rows.map((row) => toReleaseSummary(row.release, row.namespaceName)),
      total: page.total,
    };
  }

  /** The release history as an export: the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'config-releases.list',
    query: ReleaseExportFilterSchema,
    sheet: RELEASE_LIST_EXPORT,
    rows: repo.releaseList,
    items: (rows) => rows.map((row) => toReleaseSummary(row.release, row.namespaceName)),
  });

  async releaseDetail(tenant: Tenant, namespaceName: string, releaseId: number): Promise<ReleaseDetail> {
    const namespace = await this.namespace(this.db, tenant, namespaceName);
    const row = await this.releaseOf(this.db, namespace, releaseId);
    return { ...toReleaseSummary(row, namespaceName), items: row.items };
  }

  /** The keys added, removed and changed from one release to another, or to the working items. */
  async diff(tenant: Tenant, namespaceName: string, query: ReleaseDiffQuery): Promise<ReleaseDiff> {
    const namespace = await this.namespace(this.db, tenant, namespaceName);
    const from = await this.releaseOf(this.db, namespace, query.fromReleaseId);
    const to =
      query.toReleaseId === undefined
        ? undefined
        : await this.releaseOf(this.db, namespace, query.toReleaseId);
    const newItems = to ? to.items : (await repo.itemsOf(this.db, namespace.namespaceId)).map(releasedItemOf);
    const oldByKey = new Map(from.items.map((item) => [item.key, item]));
    const newByKey = new Map(newItems.map((item) => [item.key, item]));
    const keys = [...new Set([...oldByKey.keys(), ...newByKey.keys()])].sort();
    const changes: ReleaseDiff['changes'] = [];
    let unchangedCount = 0;
    for (const key of keys) {
      const before = oldByKey.get(key);
      const after = newByKey.get(key);
      if (before && after && before.value === after.value && before.comment === after.comment) {
        unchangedCount++;
        continue;
      }
      changes.push({
        key,
        change: !before ? 'added' : !after ? 'removed' : 'changed',
        oldValue: before?.value ?? null,
        newValue: after?.value ?? null,
        oldComment: before?.comment ?? null,
        newComment: after?.comment ?? null,
      });
    }
    return {
      from: toReleaseSummary(from, namespaceName),
      to: to ? toReleaseSummary(to, namespaceName) : null,
      changes,
      unchangedCount,
    };
  }

  // ---- the apps ----

  /**
   * The latest release of a namespace as the apps read it; `undefined` when it is the release the app
   * holds (`releaseKey`), which is answered 304. 404 for a namespace the tenant lacks or never released.
   */
  async released(tenant: Tenant, namespaceName: string, releaseKey?: string): Promise<AppConfig | undefined> {
    const namespace = await this.namespace(this.db, tenant, namespaceName);
    const release = await repo.latestRelease(this.db, namespace.namespaceId);
    if (!release) {
      throw new AppError(404, 'not_found', `the namespace ${namespaceName} has no release yet`);
    }
    if (releaseKey === release.releaseKey) return undefined;
    return {
      appId: CONFIG_APP_IDS[tenant],
      namespaceName,
      releaseKey: release.releaseKey,
      notificationId: release.notificationId,
      configurations: Object.fromEntries(release.items.map((item) => [item.key, item.value])),
    };
  }

  /** The long poll: see `longPoll`; `undefined` is answered 304. */
  poll(tenant: Tenant, known: Notification[], signal: AbortSignal): Promise<Notifications | undefined> {
    const held = new Map<string, number>();
    // A namespace named twice counts with the older id it holds, so its newer release is not missed.
    for (const { namespaceName, notificationId } of known) {
      held.set(namespaceName, Math.min(notificationId, held.get(namespaceName) ?? notificationId));
    }
    return longPoll(this.notifier, {
      tenant,
      known: held,
      timeoutMs: this.longPollMs,
      signal,
      current: () => repo.notificationIds(this.db, tenant, [...held.keys()]),
    });
  }
}

const releaseRecordOf = (row: repo.ReleaseRow, namespaceName: string) => ({
  namespaceName,
  notificationId: row.notificationId,
  releaseKey: row.releaseKey,
  releaseTitle: row.releaseTitle,
  releaseComment: row.releaseComment,
  rollbackOfReleaseId: row.rollbackOfReleaseId,
});
