import {
  PLANNING_RESOURCE_TYPES,
  type PlanningResourceType,
} from '@cmp/domain/road-books/planning-resource-types';
import type { PowerFeature } from '@cmp/domain/road-books/power-features';
import type {
  RoadBookDetail,
  RoadBookSave,
  RoutePlanListResponse,
  RoutePlanResponse,
  RoutePlanningRequest,
} from '@cmp/domain/road-books/road-book';
import {
  INITIAL_CURRENT_RANGE,
  INITIAL_MAX_RANGE,
  roadBookStops,
  type PlannedResource,
  type Waypoint,
  type WaypointResource,
} from '@cmp/domain/road-books/road-book-save';
import {
  DEFAULT_CS_SEARCH_RANGE,
  DEFAULT_MAX_DETOUR_FACTOR,
  type Location,
  type RoutePlanningResourceItem,
} from '@cmp/domain/road-books/route-plan';
import type { PlanTag, RouteTactic } from '@cmp/domain/road-books/route-tactics';

/** A point of the trip with the name the user saw when choosing it. */
export interface Place extends Location {
  name: string;
}

export interface TripSettings {
  name: string;
  origin: Place | null;
  destination: Place | null;
  waypoints: Waypoint[];
  currentRange: number;
  maxRange: number;
  tactics: RouteTactic;
  maxDetourFactor: number;
  csSearchRange: number;
  planningResourceTypes: PlanningResourceType[];
  /** Kept with the road book, so it reopens with the plans it was saved from. */
  powerFeatures: PowerFeature[];
  /**
   * Kilometres to keep on arriving at every stop and at the destination; null: the portal's default (10 %
   * of the maximum range). Kept with the road book, like the power features.
   */
  arrivalReserve: number | null;
}

export interface EditorState {
  roadBookId: number | null;
  trip: TripSettings;
  /** The stops of the saved road book, shown on the plan tab it was saved from. */
  savedStops: WaypointResource[];
  plans: RoutePlanResponse[];
  active: number;
  /** The tag the user looks at; several tags may name the same plan. */
  activeTag: PlanTag | null;
  /** Per plan: the chosen stops differ from the ones its route was drawn through. */
  adjusted: boolean[];
  /** Something differs from what was loaded or last saved. */
  dirty: boolean;
}

export const emptyTrip = (): TripSettings => ({
  name: '',
  origin: null,
  destination: null,
  waypoints: [],
  currentRange: INITIAL_CURRENT_RANGE,
  maxRange: INITIAL_MAX_RANGE,
  tactics: 0,
  maxDetourFactor: DEFAULT_MAX_DETOUR_FACTOR,
  csSearchRange: DEFAULT_CS_SEARCH_RANGE,
  planningResourceTypes: [...PLANNING_RESOURCE_TYPES],
  powerFeatures: [],
  arrivalReserve: null,
});

export const initialEditorState = (): EditorState => ({
  roadBookId: null,
  trip: emptyTrip(),
  savedStops: [],
  plans: [],
  active: 0,
  activeTag: null,
  adjusted: [],
  dirty: false,
});

export type EditorAction =
  | { type: 'loaded'; detail: RoadBookDetail }
  | { type: 'trip'; change: Partial<TripSettings> }
  | { type: 'addWaypoint'; place: Place }
  | { type: 'moveWaypoint'; from: number; to: number }
  | { type: 'removeWaypoint'; index: number }
  | { type: 'planned'; answer: RoutePlanListResponse; change: boolean }
  | { type: 'tag'; tag: PlanTag }
  | { type: 'select'; id: string; selected: boolean }
  | { type: 'remark'; id: string; remark: string }
  /** `tag`: the plan it replaces, shown from then on; without it, the plan shown. */
  | { type: 'previewed'; answer: RoutePlanListResponse; tag?: PlanTag }
  | { type: 'saved'; detail: RoadBookDetail };

const placeOf = (location: Location, name: string | null, fallback: string): Place => ({
  longitude: location.longitude,
  latitude: location.latitude,
  name: name ?? fallback,
});

export const coordinatesText = (location: Location): string =>
  `${location.longitude.toFixed(5)}, ${location.latitude.toFixed(5)}`;

function tripOf(detail: RoadBookDetail): TripSettings {
  return {
    name: detail.name ?? '',
    origin: placeOf(detail.originPoint, detail.startAddress, coordinatesText(detail.originPoint)),
    destination: placeOf(
      detail.destinationPoint,
      detail.endAddress,
      coordinatesText(detail.destinationPoint),
    ),
    waypoints: detail.waypoints,
    currentRange: detail.currentRange,
    maxRange: detail.maxRange,
    tactics: detail.tactics,
    maxDetourFactor: detail.maxDetourFactor,
    csSearchRange: detail.csSearchRange,
    planningResourceTypes: detail.planningResourceTypes,
    powerFeatures: detail.powerFeatures,
    arrivalReserve: detail.arrivalReserve,
  };
}

/** The plan shown first: the recommended one, which the save records unless the user picks another. */
const preferredPlan = (plans: readonly RoutePlanResponse[]): number =>
  Math.max(
    0,
    plans.findIndex((plan) => plan.tags.includes('recommended')),
  );

let waypointSequence = 0;
const newWaypointId = (): string => `wp-${Date.now().toString(36)}-${(waypointSequence++).toString(36)}`;

function updateList(
  plan: RoutePlanResponse,
  id: string,
  change: Partial<RoutePlanningResourceItem>,
): RoutePlanResponse {
  return {
    ...plan,
    routePlanningResourceList: {
      ...plan.routePlanningResourceList,
      list: plan.routePlanningResourceList.list.map((item) =>
        item.id === id ? { ...item, ...change } : item,
      ),
    },
  };
}

function withActivePlan(
  state: EditorState,
  change: (plan: RoutePlanResponse) => RoutePlanResponse,
  adjusts: boolean,
): EditorState {
  const plan = state.plans[state.active];
  if (!plan) return state;
  return {
    ...state,
    plans: state.plans.map((p, index) => (index === state.active ? change(plan) : p)),
    adjusted: adjusts
      ? state.adjusted.map((flag, index) => (index === state.active ? true : flag))
      : state.adjusted,
    dirty: true,
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded':
      return {
        ...initialEditorState(),
        roadBookId: action.detail.roadBookId,
        trip: tripOf(action.detail),
        savedStops: action.detail.waypointResourceSeq,
      };
    case 'trip':
      return {
        ...state,
        trip: { ...state.trip, ...action.change },
        dirty: true,
      };
    case 'addWaypoint': {
      const { longitude, latitude, name } = action.place;
      const waypoint: Waypoint = { id: newWaypointId(), longitude, latitude, name };
      return {
        ...state,
        trip: { ...state.trip, waypoints: [...state.trip.waypoints, waypoint] },
        dirty: true,
      };
    }
    case 'moveWaypoint': {
      const waypoints = [...state.trip.waypoints];
      const [moved] = waypoints.splice(action.from, 1);
      if (!moved || action.to < 0 || action.to > waypoints.length) return state;
      waypoints.splice(action.to, 0, moved);
      return { ...state, trip: { ...state.trip, waypoints }, dirty: true };
    }
    case 'removeWaypoint':
      return {
        ...state,
        trip: { ...state.trip, waypoints: state.trip.waypoints.filter((_, index) => index !== action.index) },
        dirty: true,
      };
    case 'planned': {
      const active = preferredPlan(action.answer.plans);
      const shown = action.answer.plans[active];
      return {
        ...state,
        plans: action.answer.plans,
        active,
        activeTag: shown?.tags.includes('recommended') ? 'recommended' : (shown?.tag ?? null),
        adjusted: action.answer.plans.map(() => false),
        dirty: state.dirty || action.change,
      };
    }
    case 'tag': {
      const index = state.plans.findIndex((plan) => plan.tags.includes(action.tag));
      return index < 0 ? state : { ...state, active: index, activeTag: action.tag };
    }
    case 'select':
      return withActivePlan(
        state,
        (plan) => updateList(plan, action.id, { selected: action.selected }),
        true,
      );
    case 'remark':
      return withActivePlan(state, (plan) => updateList(plan, action.id, { remark: action.remark }), false);
    case 'previewed': {
      const { tag } = action;
      const tagged = tag ? state.plans.findIndex((plan) => plan.tags.includes(tag)) : -1;
      const active = tag ? (tagged < 0 ? preferredPlan(state.plans) : tagged) : state.active;
      const [drawn] = action.answer.plans;
      const current = state.plans[active];
      if (!drawn || !current) return state;
      // The preview is this plan with the user's stops: it keeps the tags it is listed under.
      const plan: RoutePlanResponse = { ...drawn, tag: current.tag, tags: current.tags };
      return {
        ...state,
        plans: state.plans.map((p, index) => (index === active ? plan : p)),
        active,
        activeTag: tag && tagged >= 0 ? tag : state.activeTag,
        adjusted: state.adjusted.map((flag, index) => (index === active ? false : flag)),
      };
    }
    case 'saved':
      return {
        ...state,
        roadBookId: action.detail.roadBookId,
        savedStops: action.detail.waypointResourceSeq,
        dirty: false,
      };
  }
}

export const activePlan = (state: EditorState): RoutePlanResponse | undefined => state.plans[state.active];

/** The chosen stops of a plan, in route order. */
export const chosenStops = (plan: RoutePlanResponse | undefined): RoutePlanningResourceItem[] =>
  plan?.routePlanningResourceList.list.filter((item) => item.selected) ?? [];

const toPlanned = (item: RoutePlanningResourceItem): PlannedResource => ({
  id: item.id,
  type: item.type,
  legIndex: item.legIndex,
  selected: item.selected,
  swapUseClone: item.swapUseClone,
  name: item.name,
  location: item.location,
  ...(item.remark ? { remark: item.remark } : {}),
});

/** The stops to keep: the chosen ones of the plan shown, or the saved ones before anything was planned. */
export function stopsToKeep(state: EditorState): {
  waypoints: Waypoint[];
  waypointResourceSeq: WaypointResource[];
} {
  const plan = activePlan(state);
  if (!plan) return { waypoints: state.trip.waypoints, waypointResourceSeq: state.savedStops };
  return roadBookStops(state.trip.waypoints, plan.routePlanningResourceList.list.map(toPlanned));
}

type Points = Pick<RoutePlanningRequest, 'originPoint' | 'destinationPoint'>;

const pointsOf = (trip: TripSettings): Points | null =>
  trip.origin && trip.destination
    ? {
        originPoint: { longitude: trip.origin.longitude, latitude: trip.origin.latitude },
        destinationPoint: { longitude: trip.destination.longitude, latitude: trip.destination.latitude },
      }
    : null;

/**
 * The route-options request, proposing stops afresh; with `pinned`, the route through exactly those stops
 * (a preview of the chosen ones, or a saved road book's).
 */
export function planningRequest(
  state: EditorState,
  pinned: readonly WaypointResource[] = [],
): RoutePlanningRequest | null {
  const points = pointsOf(state.trip);
  if (!points) return null;
  const { trip } = state;
  return {
    ...points,
    waypoints: trip.waypoints,
    tactics: trip.tactics,
    maxDetourFactor: trip.maxDetourFactor,
    csSearchRange: trip.csSearchRange,
    currentRange: trip.currentRange,
    maxRange: trip.maxRange,
    planningResourceTypes: trip.planningResourceTypes,
    ...(trip.powerFeatures.length > 0 ? { powerFeatures: trip.powerFeatures } : {}),
    ...(trip.arrivalReserve === null ? {} : { arrivalReserve: trip.arrivalReserve }),
    waypointResourceSeq: [...pinned],
  };
}

/** The route-preview request: the plan shown, through exactly the stops chosen in it. */
export function previewRequest(state: EditorState): RoutePlanningRequest | null {
  return planningRequest(state, stopsToKeep(state).waypointResourceSeq);
}

/** Save (create or update): the trip settings plus only the waypoints and the chosen stops. */
export function savePayload(state: EditorState): RoadBookSave | null {
  const points = pointsOf(state.trip);
  if (!points) return null;
  const { trip } = state;
  const stops = stopsToKeep(state);
  const name = trip.name.trim();
  return {
    ...(name === '' ? {} : { name }),
    ...points,
    startAddress: trip.origin?.name,
    endAddress: trip.destination?.name,
    waypoints: stops.waypoints,
    waypointResourceSeq: stops.waypointResourceSeq,
    tactics: trip.tactics,
    maxDetourFactor: trip.maxDetourFactor,
    csSearchRange: trip.csSearchRange,
    currentRange: trip.currentRange,
    maxRange: trip.maxRange,
    planningResourceTypes: trip.planningResourceTypes,
    powerFeatures: trip.powerFeatures,
    ...(trip.arrivalReserve === null ? {} : { arrivalReserve: trip.arrivalReserve }),
    ...(state.activeTag ? { planTag: state.activeTag } : {}),
  };
}
