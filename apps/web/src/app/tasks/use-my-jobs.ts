import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { jobOutcome, type Job, type Tenant } from '@cmp/domain';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
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
  const enumLabel = useEnumLabel();
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
      const kind = enumLabel('jobKind', job.kind);
      const outcome = jobOutcome(job);
      if (outcome === 'succeeded') void notification.success({ message: t('tasks.finished', { kind }) });
      if (outcome === 'withErrors') {
        void notification.warning({
          message: t('tasks.withErrorsNotice', { kind }),
          description: job.progress.message,
        });
      }
      if (outcome === 'failed') {
        void notification.error({ message: t('tasks.failedNotice', { kind }), description: job.error });
      }
    }
  }, [query.data, notification, t, enumLabel]);

  return query;
}
