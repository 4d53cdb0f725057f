import { z } from 'zod';
import { SWAP_CLONE_SUFFIX } from '../stations/swap-station-info.js';

/** A first plan assumes a full battery: 200 km left of 200 km range. */
export const INITIAL_CURRENT_RANGE = 200;
export const INITIAL_MAX_RANGE = 200;

export const WaypointSchema = z.object({
  id: z.string(),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  name: z.string().optional(),
  remark: z.string().optional(),
});
export type Waypoint = z.infer<typeof WaypointSchema>;

export const WaypointResourceSchema = z.object({
  resourceId: z.string().min(1),
  swapUseClone: z.boolean(),
  type: z.string(),
  legIndex: z.number().int().min(0),
  remark: z.string().optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: z.string().optional(),
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
