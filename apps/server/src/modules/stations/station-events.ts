import { EventEmitter } from 'node:events';

export interface StationEventMap {
  /** A station's basic info was saved (location, status, name, construction, clone, ...), after commit. */
  changed: [resourceId: string];
}

/**
 * In-process notices of station changes, for readers that keep a copy of stations in memory (the route
 * planner's station index). Other processes learn of changes by polling the update time instead.
 */
export const stationEvents = new EventEmitter<StationEventMap>();
// Each app of a test run (and each reader) adds a listener; they are removed when their app closes.
stationEvents.setMaxListeners(0);
