import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import type { UserCharger, UserChargerIngested } from '@cmp/domain/accounts/user-chargers';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { SignedClient } from '../../platform/signed-clients/signed-routes.js';
import * as repo from './user-chargers.repo.js';

export const toUserCharger = (row: repo.UserChargerRow): UserCharger => ({
  resourceId: row.resourceId,
  address: row.address,
  authenticationType: row.authenticationType,
  connectorId: row.connectorId,
  description: row.description,
  updateTime: row.updateTime.getTime(),
  groupId: row.groupId,
  hardwareVersion: row.hardwareVersion,
  latitude: row.latitude,
  longitude: row.longitude,
  operatorId: row.operatorId,
  regionId: row.regionId,
  resourceType: row.resourceType,
  serialNumber: row.serialNumber,
  serviceType: row.serviceType,
  softwareVersion: row.softwareVersion,
  bindType: row.bindType as UserCharger['bindType'],
  ownerId: row.ownerId,
  resourceName: row.resourceName,
});

/**
 * App users' home chargers as the app back end sends them, keyed by resource id within the client's tenant.
 * Like accounts and cars, a sending older than the stored one changes nothing and writes no operation
 * record: the row says when it came.
 */
export class UserChargersService {
  constructor(private readonly db: Db) {}

  async upsert(client: SignedClient, input: UserChargerIngested): Promise<{ created: boolean }> {
    if (!(await repo.accountExists(this.db, client.tenant, input.ownerId))) {
      throw new AppError(404, USER_NOT_FOUND, `user ${input.ownerId} not found: send the account first`, {
        missing: [input.ownerId],
      });
    }
    return repo.upsertCharger(this.db, client.tenant, input.resourceId, {
      resourceName: input.resourceName,
      resourceType: input.resourceType,
      ownerId: input.ownerId,
      bindType: input.bindType,
      address: input.address ?? null,
      authenticationType: input.authenticationType ?? null,
      connectorId: input.connectorId ?? null,
      description: input.description ?? null,
      groupId: input.groupId ?? null,
      hardwareVersion: input.hardwareVersion ?? null,
      softwareVersion: input.softwareVersion ?? null,
      serialNumber: input.serialNumber ?? null,
      serviceType: input.serviceType ?? null,
      operatorId: input.operatorId ?? null,
      regionId: input.regionId ?? null,
      longitude: input.longitude ?? null,
      latitude: input.latitude ?? null,
      updateTime: new Date(input.updateTime),
    });
  }

  /** The user unbound the charger in the app: it is gone from their chargers. */
  async remove(client: SignedClient, resourceId: string): Promise<void> {
    if (!(await repo.deleteCharger(this.db, client.tenant, resourceId))) {
      throw AppError.notFound('user charger', resourceId);
    }
  }
}
