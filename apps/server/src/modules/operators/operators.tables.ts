import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const equipmentOwners = pgTable('equipment_owners', {
  equipmentOwnerId: text('equipment_owner_id').primaryKey(),
  equipmentOwnerName: text('equipment_owner_name').notNull(),
  organizationCode: text('organization_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const operators = pgTable(
  'operators',
  {
    operatorId: text('operator_id').primaryKey(),
    operatorName: text('operator_name').notNull(),
    operatorOrganizationCode: text('operator_organization_code'),
    equipmentOwnerId: text('equipment_owner_id').references(() => equipmentOwners.equipmentOwnerId),
    controlledByNio: boolean('controlled_by_nio').notNull().default(false),
    isSharedPower: boolean('is_shared_power').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operators_equipment_owner_idx').on(t.equipmentOwnerId)],
);

/** Operators a platform operator resells through; names come from the interconnection feed (CEC). */
export const subOperators = pgTable(
  'sub_operators',
  {
    id: serial('id').primaryKey(),
    subOperatorId: text('sub_operator_id').notNull(),
    subOperatorName: text('sub_operator_name').notNull(),
    organizationCode: text('organization_code').notNull(),
    serviceTel: text('service_tel'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sub_operators_name_key').on(t.subOperatorName),
    uniqueIndex('sub_operators_id_key').on(t.subOperatorId),
  ],
);
