import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Job, Tenant } from '@cmp/domain';
import { isActive, jobsQueryKey, listMyJobs } from './jobs-api';

const ACTIVE_POLL_MS = 2_000;
const IDLE_POLL_MS = 30_000;

/**
 * The user's jobs in the tenant, polled every 2 s while one of them is queued or running (every 30 s
 * otherwise); a job that ends meanwhile is announced wherever the user is in the portal.
 */
export function useMyJobs(tenant: Tenant) {
  const { t } = useTranslation('shell');
  const { notification } = App.useApp();
  const query = useQuery({
    queryKey: jobsQueryKey(tenant),
    queryFn: ({ signal }) => listMyJobs(tenant, signal),
    refetchInterval: (q) => (q.state.data?.items.some(isActive) ? ACTIVE_POLL_MS : IDLE_POLL_MS),
  });
  const seen = useRef(new Map<number, Job['state']>());

  useEffect(() => {
    for (const job of query.data?.items ?? []) {
      const before = seen.current.get(job.jobId);
      seen.current.set(job.jobId, job.state);
      if (before === undefined || before === job.state || isActive(job)) continue;
      const kind = t(`tasks.kind.${job.kind}`, { defaultValue: job.kind });
      if (job.state === 'succeeded') void notification.success({ message: t('tasks.finished', { kind }) });
      if (job.state === 'failed') {
        void notification.error({ message: t('tasks.failedNotice', { kind }), description: job.error });
      }
    }
  }, [query.data, notification, t]);

  return query;
}
