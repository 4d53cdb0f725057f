import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

/**
 * What staff did to an activity: created it, started it (update-status start) or finished it (update-status
 * finish). Stored; the status users see is derived from it and the time window (`activityStatusOf`).
 */
export const ACTIVITY_STATES = ['created', 'started', 'finished'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/**
 * The activity's status (the spec does not show its values; docs/decisions.md "Activity statuses"):
 * - `not_started`: created, not started by staff yet; everything may be edited, it may be deleted;
 * - `scheduled`: started by staff, its window not opened yet;
 * - `in_progress`: started and inside its window: the apps see it;
 * - `finished`: finished by staff, or its window closed.
 */
export const ACTIVITY_STATUSES = ['not_started', 'scheduled', 'in_progress', 'finished'] as const;
export const ActivityStatusSchema = z.enum(ACTIVITY_STATUSES);
export type ActivityStatus = z.infer<typeof ActivityStatusSchema>;
export const ACTIVITY_STATUS_LABELS = {
  not_started: 'activityStatus.notStarted',
  scheduled: 'activityStatus.scheduled',
  in_progress: 'activityStatus.inProgress',
  finished: 'activityStatus.finished',
} as const satisfies Record<ActivityStatus, MessageKey>;

export interface ActivityWindow {
  state: ActivityState;
  beginTime: number;
  endTime: number;
}

/** The status at `now` (ms): a started activity runs in [beginTime, endTime), and nothing runs after it. */
export function activityStatusOf({ state, beginTime, endTime }: ActivityWindow, now: number): ActivityStatus {
  if (state === 'finished' || now >= endTime) return 'finished';
  if (state === 'created') return 'not_started';
  return now < beginTime ? 'scheduled' : 'in_progress';
}

/** A live activity (scheduled or in progress) is what apps may see and what must be finished before deletion. */
export const isLiveStatus = (status: ActivityStatus): boolean =>
  status === 'scheduled' || status === 'in_progress';
