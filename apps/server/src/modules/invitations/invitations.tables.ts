import {
  bigint,
  bigserial,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Invitations as the app back end sends them: `register` (an invitee who registered through an
 * inviter's link) and `car_purchase` (an invitee who was invited to buy a car). `externalId` is the
 * app's id of the invitation; sending it again updates its status.
 */
export const invitations = pgTable(
  'invitations',
  {
    invitationId: bigserial('invitation_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    kind: text('kind').notNull(),
    externalId: text('external_id').notNull(),
    /** The invitee's account id. */
    userId: text('user_id').notNull(),
    /** The inviter's account id. */
    inviterId: text('inviter_id').notNull(),
    inviteStatus: text('invite_status').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_external_idx').on(t.tenant, t.kind, t.externalId),
    index('invitations_inviter_idx').on(t.tenant, t.kind, t.inviterId),
    index('invitations_user_idx').on(t.tenant, t.kind, t.userId),
    index('invitations_time_idx').on(t.tenant, t.kind, t.createTime, t.invitationId),
  ],
);

/**
 * How many invitations of each kind a tenant has, kept by statement triggers on `invitations` (migration
 * 0014_invitation_totals), so the unfiltered list answers its total without counting every row.
 */
export const invitationTotals = pgTable(
  'invitation_totals',
  {
    tenant: text('tenant').notNull(),
    kind: text('kind').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.kind] })],
);
