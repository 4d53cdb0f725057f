import { z } from 'zod';
import { INT4, integer, text } from '../shared/input.js';
import { SWAP_CLONE_SUFFIX } from '../stations/swap-station-info.js';

/** A first plan assumes a full battery: 200 km left of 200 km range. */
export const INITIAL_CURRENT_RANGE = 200;
export const INITIAL_MAX_RANGE = 200;

/** Which leg of the route (0 from the origin) a stop is on. */
const LegIndexSchema = integer({ min: 0, max: INT4.max });

export const WaypointSchema = z.object({
  id: text(),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  name: text().optional(),
  remark: text().optional(),
});
export type Waypoint = z.infer<typeof WaypointSchema>;

export const WaypointResourceSchema = z.object({
  resourceId: text(80).min(1),
  swapUseClone: z.boolean(),
  type: text(32),
  legIndex: LegIndexSchema,
  remark: text().optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: text().optional(),
});
export type WaypointResource = z.infer<typeof WaypointResourceSchema>;

/** A resource of a planning result as the planning screen holds it. */
export interface PlannedResource {
  id: string;
  type: string;
  legIndex: number;
  selected?: boolean;
  swapUseClone?: boolean;
  remark?: string;
  name?: string;
  location: { longitude: number; latitude: number };
}

/**
 * A swap station's clone (its second entrance) is listed under the station's id plus `_clone`; the road
 * book stores the station's own id and remembers the clone with `swapUseClone`.
 */
export function stripCloneSuffix(resourceId: string): { resourceId: string; isClone: boolean } {
  return resourceId.endsWith(SWAP_CLONE_SUFFIX)
    ? { resourceId: resourceId.slice(0, -SWAP_CLONE_SUFFIX.length), isClone: true }
    : { resourceId, isClone: false };
}

export interface RoadBookStops {
  waypoints: Waypoint[];
  waypointResourceSeq: WaypointResource[];
}

/** A road book keeps the waypoints and the candidate resources staff chose; the rest is re-planned on load. */
export function roadBookStops(
  waypoints: readonly Waypoint[],
  resources: readonly PlannedResource[],
): RoadBookStops {
  return {
    waypoints: [...waypoints],
    waypointResourceSeq: resources
      .filter((resource) => resource.selected === true)
      .map((resource) => {
        const { resourceId, isClone } = stripCloneSuffix(resource.id);
        const stop: WaypointResource = {
          resourceId,
          swapUseClone: resource.swapUseClone === true || isClone,
          type: resource.type,
          legIndex: resource.legIndex,
          latitude: resource.location.latitude,
          longitude: resource.location.longitude,
        };
        if (resource.name !== undefined) stop.name = resource.name;
        if (resource.remark !== undefined) stop.remark = resource.remark;
        return stop;
      }),
  };
}
