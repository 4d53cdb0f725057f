import { z } from 'zod';
import { EPOCH_MS, integerParam } from '../shared/input.js';

/**
 * The tenant's home dashboard (`GET /api/{tenant}/dashboard`): figures read from counters the writing
 * services keep, or from short indexed ranges, never from counting a whole table per visit.
 */

/** How many days the comment trend covers, today included. */
export const DASHBOARD_TREND_DAYS = 14;
/** How many of the newest coupon batches the coupon chart shows. */
export const DASHBOARD_COUPON_BATCHES = 6;
/** The side of a density cell, in degrees of longitude and latitude. */
export const DASHBOARD_DENSITY_CELL_DEGREES = 1;

export const DashboardQuerySchema = z.object({
  /**
   * The start of the reader's day (epoch ms), so "today" is the reader's: failed remote operations are
   * counted from it. Without it, the server's midnight.
   */
  todayStart: integerParam(EPOCH_MS).optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

const Count = z.number().int().min(0);

export const DashboardSchema = z.object({
  /** When the figures were read (epoch ms). */
  generatedAt: z.number().int(),
  /** The start of the day "today" counts from (epoch ms). */
  todayStart: z.number().int(),
  stations: z.object({
    /** Every station of the network (charge and swap). */
    total: Count,
    /** Stations with at least one charger connected now. */
    online: Count,
  }),
  chargers: z.object({
    /** Chargers registered as OCPP charge points. */
    registered: Count,
    /** Registered chargers connected to a live portal process now. */
    online: Count,
  }),
  worksheets: z.object({ open: Count }),
  /** Crowd-sourced reports of the tenant waiting for review. */
  reviewQueue: z.object({ pending: Count }),
  comments: z.object({
    total: Count,
    /** Comments of the trend's days that nobody has replied to yet. */
    awaitingReply: Count,
    /** Since the start of the trend's first day (epoch ms). */
    trendStart: z.number().int(),
    /** One entry per day with comments, oldest first; `day` is its start (epoch ms). */
    trend: z.array(z.object({ day: z.number().int(), count: Count, averageRating: z.number() })),
  }),
  coupons: z.object({
    /** Coupons made (generated or sent) over every batch of the tenant. */
    issued: Count,
    /** Coupons given to an account. */
    assigned: Count,
    used: Count,
    /** The newest batches, newest first. */
    batches: z.array(
      z.object({
        couponBatchId: z.number().int(),
        batchName: z.string(),
        issued: Count,
        used: Count,
      }),
    ),
  }),
  remoteOperations: z.object({ failedToday: Count }),
  /** Stations per cell of `cellDegrees` × `cellDegrees`, by the cell's south-west corner. */
  density: z.object({
    cellDegrees: z.number(),
    cells: z.array(z.object({ longitude: z.number(), latitude: z.number(), count: Count })),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
