import type { Tenant } from '@cmp/domain';

const keyOf = (tenant: Tenant) => `cmp.tasks.seen.${tenant}`;

/**
 * When the user last looked at the task center of a tenant (ms since the epoch), kept in the browser so
 * that jobs which ended while the user was away still count as new. The first visit starts from now:
 * jobs that ended before the user ever looked are not news.
 */
export function lastSeenJobs(tenant: Tenant): number {
  const stored = Number(localStorage.getItem(keyOf(tenant)));
  if (Number.isFinite(stored) && stored > 0) return stored;
  return markJobsSeen(tenant);
}

export function markJobsSeen(tenant: Tenant, at = Date.now()): number {
  localStorage.setItem(keyOf(tenant), String(at));
  return at;
}
