import { z } from 'zod';
import { trimmedText } from '../shared/input.js';
import {
  LocationSchema,
  RouteInfoSchema,
  RouteResourcePlacementSchema,
  RouteStatusSchema,
} from '../road-books/route-plan.js';
import { WaypointSchema } from '../road-books/road-book-save.js';
import { PlanTagSchema } from '../road-books/route-tactics.js';

/** A named place of a path: the origin or the destination as the user chose it. */
export const PathPoiSchema = LocationSchema.extend({ name: trimmedText(128).min(1, { error: 'form.required' }) });
export type PathPoi = z.infer<typeof PathPoiSchema>;

export const ChargingPathLocationsSchema = z.object({
  orig: PathPoiSchema,
  dest: PathPoiSchema,
  waypoints: z.array(WaypointSchema),
});
export type ChargingPathLocations = z.infer<typeof ChargingPathLocationsSchema>;

/** The plan the user took: its road, its charging stops, and whether the range reaches. */
export const ChargingPathRoutesSchema = z.object({
  tag: PlanTagSchema,
  status: RouteStatusSchema,
  route: RouteInfoSchema,
  resources: z.array(RouteResourcePlacementSchema),
});
export type ChargingPathRoutes = z.infer<typeof ChargingPathRoutesSchema>;
