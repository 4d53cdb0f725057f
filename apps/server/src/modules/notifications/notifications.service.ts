import type { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import {
  NOTIFICATION_ACTIONS,
  type ResourceNotification,
  type ResourceNotificationList,
  type ResourceNotificationListQuerySchema,
  type ResourceNotificationSaved,
} from '@cmp/domain/stations/resource-notification';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { findStation } from '../stations/station-directory.service.js';
import * as repo from './notifications.repo.js';

export interface Acting {
  tenant: Tenant;
  actor: Actor;
}

const toNotification = (row: repo.NotificationRow, now: number): ResourceNotification => ({
  notificationId: row.notificationId,
  resourceId: row.resourceId,
  notification: row.notification,
  showTimeBegin: row.showTimeBegin.getTime(),
  showTimeEnd: row.showTimeEnd.getTime(),
  range: row.range,
  url: row.url,
  type: row.type,
  createTime: row.createTime.getTime(),
  updateTime: row.updateTime.getTime(),
  active: row.showTimeBegin.getTime() <= now && now < row.showTimeEnd.getTime(),
});

/** The editable fields in their wire form (times as epoch milliseconds), as the audit keeps them. */
const auditView = (n: ResourceNotification | ResourceNotificationSaved) => ({
  notification: n.notification,
  showTimeBegin: n.showTimeBegin,
  showTimeEnd: n.showTimeEnd,
  range: n.range ?? null,
  url: n.url ?? null,
  type: n.type,
});
type AuditView = ReturnType<typeof auditView>;

const toValues = (input: ResourceNotificationSaved): repo.NotificationValues => ({
  resourceId: input.resourceId,
  notification: input.notification,
  showTimeBegin: new Date(input.showTimeBegin),
  showTimeEnd: new Date(input.showTimeEnd),
  range: input.range ?? null,
  url: input.url ?? null,
  type: input.type,
});

export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(
    resourceId: string,
    query: z.output<typeof ResourceNotificationListQuerySchema>,
  ): Promise<ResourceNotificationList> {
    await this.requireStation(this.db, resourceId);
    const { pageNo, pageSize, sort } = query;
    const page = await repo.notificationList.page(this.db, { resourceId, sort }, { pageNo, pageSize });
    const now = this.clock();
    return { items: page.rows.map((row) => toNotification(row.notification, now)), total: page.total };
  }

  async add(input: ResourceNotificationSaved, { tenant, actor }: Acting): Promise<ResourceNotification> {
    return this.db.transaction(async (tx) => {
      await this.requireStation(tx, input.resourceId);
      const row = await repo.insertNotification(tx, { ...toValues(input), createdBy: actor.userId });
      const created = toNotification(row, this.clock());
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: 'station',
        entityId: input.resourceId,
        action: NOTIFICATION_ACTIONS.add,
        after: { notificationId: created.notificationId, ...auditView(created) },
      });
      return created;
    });
  }

  async update(
    notificationId: number,
    input: ResourceNotificationSaved,
    { tenant, actor }: Acting,
  ): Promise<ResourceNotification> {
    return this.db.transaction(async (tx) => {
      const row = await repo.findNotification(tx, notificationId, { forUpdate: true });
      if (!row) throw AppError.notFound('notification', notificationId);
      if (row.resourceId !== input.resourceId) {
        throw AppError.validation([
          {
            path: 'body.resourceId',
            message: `notification ${notificationId} belongs to station ${row.resourceId}`,
          },
        ]);
      }
      const now = this.clock();
      const before = auditView(toNotification(row, now));
      const wanted = auditView(input);
      const changed = (Object.keys(wanted) as (keyof AuditView)[]).filter((k) => wanted[k] !== before[k]);
      if (changed.length === 0) return toNotification(row, now);
      const updated = toNotification(await repo.updateNotification(tx, notificationId, toValues(input)), now);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: 'station',
        entityId: row.resourceId,
        action: NOTIFICATION_ACTIONS.update,
        before: { notificationId, ...pick(before, changed) },
        after: { notificationId, ...pick(auditView(updated), changed) },
      });
      return updated;
    });
  }

  private async requireStation(db: DbOrTx, resourceId: string): Promise<void> {
    if (!(await findStation(db, resourceId))) throw AppError.notFound('station', resourceId);
  }
}

const pick = <T extends object, K extends keyof T>(value: T, keys: K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((k) => [k, value[k]])) as Pick<T, K>;
