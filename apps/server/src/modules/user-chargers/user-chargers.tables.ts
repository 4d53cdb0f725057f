import { doublePrecision, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A home charger bound to an app user (the spec's user resource), as the app back end last sent it. */
export const userChargers = pgTable(
  'user_chargers',
  {
    tenant: text('tenant').notNull(),
    resourceId: text('resource_id').notNull(),
    resourceName: text('resource_name').notNull(),
    resourceType: text('resource_type').notNull(),
    ownerId: text('owner_id').notNull(),
    bindType: text('bind_type').notNull(),
    address: text('address'),
    authenticationType: text('authentication_type'),
    connectorId: text('connector_id'),
    description: text('description'),
    groupId: text('group_id'),
    hardwareVersion: text('hardware_version'),
    softwareVersion: text('software_version'),
    serialNumber: text('serial_number'),
    serviceType: text('service_type'),
    operatorId: text('operator_id'),
    regionId: text('region_id'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant, t.resourceId] }),
    index('user_chargers_owner_idx').on(t.tenant, t.ownerId),
  ],
);
