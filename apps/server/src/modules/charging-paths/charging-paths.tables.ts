import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type {
  ChargingPathLocations,
  ChargingPathRoutes,
} from '@cmp/domain/charging-paths/charging-path-contracts';

/**
 * A route an app user planned (`POST /api/app/charging-paths`), as the portal's planner answered it, and
 * later the user's rating of it. Who planned it is an account of the same tenant.
 */
export const chargingPaths = pgTable(
  'charging_paths',
  {
    pathId: bigserial('path_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    accountId: text('account_id').notNull(),
    vehicleId: text('vehicle_id'),
    vehicleModel: text('vehicle_model'),
    /** Kilometres. */
    ratedRange: integer('rated_range').notNull(),
    currentRange: integer('current_range').notNull(),
    searchTime: timestamp('search_time', { withTimezone: true }).notNull().defaultNow(),
    origName: text('orig_name').notNull(),
    destName: text('dest_name').notNull(),
    /** The plan tag the user chose. */
    tag: text('tag').notNull(),
    /** Metres of the chosen plan. */
    distance: integer('distance').notNull(),
    duration: integer('duration').notNull(),
    /** planned, not_reachable or no_route (docs/decisions.md "Charging paths"). */
    status: text('status').notNull(),
    locations: jsonb('locations').$type<ChargingPathLocations>().notNull(),
    /** The chosen plan; null when the routing provider found no road (status no_route). */
    routes: jsonb('routes').$type<ChargingPathRoutes>(),
    commentaryRating: smallint('commentary_rating'),
    commentaryText: text('commentary_text'),
    commentaryTime: timestamp('commentary_time', { withTimezone: true }),
  },
  (t) => [
    index('charging_paths_time_idx').on(t.tenant, t.searchTime, t.pathId),
    index('charging_paths_account_idx').on(t.tenant, t.accountId, t.searchTime),
    // With the id, a page of rated paths in a time range is read from the index alone, in its order.
    index('charging_paths_rating_idx').on(t.tenant, t.commentaryRating, t.searchTime, t.pathId),
    // Origin and destination filters match the start of the name; text_pattern_ops serves LIKE 'x%'.
    index('charging_paths_orig_idx').on(t.tenant, t.origName.op('text_pattern_ops')),
    index('charging_paths_dest_idx').on(t.tenant, t.destName.op('text_pattern_ops')),
  ],
);

/**
 * How many paths each tenant has, kept by statement triggers on `charging_paths` (migration
 * 0012_charging_path_list), so the unfiltered list answers its total without counting a million rows.
 */
export const chargingPathTotals = pgTable('charging_path_totals', {
  tenant: text('tenant').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});
