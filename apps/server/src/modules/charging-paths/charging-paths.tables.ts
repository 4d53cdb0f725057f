import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChargingPathLocations, ChargingPathRoutes } from '@cmp/domain/charging-paths/charging-path-contracts';

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
    routes: jsonb('routes').$type<ChargingPathRoutes>().notNull(),
    commentaryRating: smallint('commentary_rating'),
    commentaryText: text('commentary_text'),
    commentaryTime: timestamp('commentary_time', { withTimezone: true }),
  },
  (t) => [
    index('charging_paths_time_idx').on(t.tenant, t.searchTime, t.pathId),
    index('charging_paths_account_idx').on(t.tenant, t.accountId, t.searchTime),
    index('charging_paths_rating_idx').on(t.tenant, t.commentaryRating, t.searchTime),
  ],
);
