import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Waypoint, WaypointResource } from '@cmp/domain/road-books/road-book-save';
import type { Location, RouteInfo, RoutePlanningResourceItem } from '@cmp/domain/road-books/route-plan';

/**
 * A road book: a planned trip of one tenant (every query filters on `tenant`). The stops are what staff
 * chose (`waypoint_resource_seq`); the route through them is in `road_book_routes`.
 * `state`: 1 a route is saved, 0 the route was deleted. `online_state`: 1 a share link is live, 0 none.
 */
export const roadBooks = pgTable(
  'road_books',
  {
    roadBookId: bigserial('road_book_id', { mode: 'number' }).primaryKey(),
    tenant: text('tenant').notNull(),
    name: text('name'),
    originPoint: jsonb('origin_point').$type<Location>().notNull(),
    destinationPoint: jsonb('destination_point').$type<Location>().notNull(),
    startAddress: text('start_address'),
    endAddress: text('end_address'),
    waypoints: jsonb('waypoints').$type<Waypoint[]>().notNull(),
    waypointResourceSeq: jsonb('waypoint_resource_seq').$type<WaypointResource[]>().notNull(),
    currentRange: doublePrecision('current_range').notNull(),
    maxRange: doublePrecision('max_range').notNull(),
    tactics: smallint('tactics').notNull(),
    csSearchRange: doublePrecision('cs_search_range').notNull(),
    maxDetourFactor: doublePrecision('max_detour_factor').notNull(),
    checkDestinationResource: boolean('check_destination_resource').notNull().default(false),
    /** CS_DC, CS_AC, PS: what the screen chose; the planner's types are derived from it. */
    planningResourceTypes: text('planning_resource_types').array().notNull(),
    /** Planning options kept so the road book reopens with the plans it was saved from. */
    powerFeatures: text('power_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Kilometres kept on arriving; null: the portal's default share of `max_range`. */
    arrivalReserve: doublePrecision('arrival_reserve'),
    /** The origin's and destination's regions at the most precise level known, with their parents. */
    startRegionId: text('start_region_id'),
    startCityId: text('start_city_id'),
    startProvinceId: text('start_province_id'),
    endRegionId: text('end_region_id'),
    endCityId: text('end_city_id'),
    endProvinceId: text('end_province_id'),
    /** Metres of the saved route, kept here so the list sorts on it; null without a route. */
    roadLength: doublePrecision('road_length'),
    state: smallint('state').notNull().default(1),
    onlineState: smallint('online_state').notNull().default(0),
    creatorUserId: integer('creator_user_id'),
    creatorName: text('creator_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Ascending, read backwards for the default newest first (DESC NULLS FIRST, ties by id the same way).
    index('road_books_tenant_created_idx').on(t.tenant, t.createdAt, t.roadBookId),
    index('road_books_tenant_start_idx').on(t.tenant, t.startRegionId),
    index('road_books_tenant_end_idx').on(t.tenant, t.endRegionId),
  ],
);

/** The saved route of a road book (at most one): the plan through its stops when it was last saved. */
export const roadBookRoutes = pgTable(
  'road_book_routes',
  {
    roadBookId: bigint('road_book_id', { mode: 'number' })
      .primaryKey()
      .references(() => roadBooks.roadBookId, { onDelete: 'cascade' }),
    tenant: text('tenant').notNull(),
    planTag: text('plan_tag').notNull(),
    candidateCount: integer('candidate_count').notNull(),
    route: jsonb('route').$type<RouteInfo>().notNull(),
    resources: jsonb('resources').$type<RoutePlanningResourceItem[]>().notNull(),
    /** The planning filter the route was made with (the spec's route path carries it as a JSON string). */
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The route list's order (planned time, then road book, either way) within a tenant.
  (t) => [index('road_book_routes_tenant_planned_idx').on(t.tenant, t.plannedAt, t.roadBookId)],
);

/**
 * Share links of the mobile view. The token is 256 random bits (base64url), so it cannot be guessed; a
 * revoked link stays as a row with `revoked_at`.
 */
export const roadBookShares = pgTable(
  'road_book_shares',
  {
    token: text('token').primaryKey(),
    roadBookId: bigint('road_book_id', { mode: 'number' })
      .notNull()
      .references(() => roadBooks.roadBookId, { onDelete: 'cascade' }),
    tenant: text('tenant').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('road_book_shares_road_book_idx').on(t.roadBookId)],
);
