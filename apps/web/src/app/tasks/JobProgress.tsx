import { useEffect, type ReactNode } from 'react';
import { Button, Flex, Progress, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isFinishedJobState, type Job } from '@cmp/domain';
import { useStationsTenant } from '../../components/lookups';
import { FOLLOW_JOB_MS, getJob, jobQueryKey } from './jobs-api';
import { useTaskCenter } from './task-center-context';

/** The job's share done; a job that succeeded is whole even when it counted nothing. */
export const jobPercent = (job: Job): number => {
  if (job.state === 'succeeded') return 100;
  const { done, total } = job.progress;
  return total ? Math.min(99, Math.floor((done / total) * 100)) : 0;
};

export interface JobProgressProps {
  jobId: number;
  /** The job ended (succeeded, failed or cancelled), once. */
  onFinished?: (job: Job) => void;
  /** What to say under the bar, from the job as last read. */
  describe?: (job: Job) => ReactNode;
  /** A job that ended without doing its work though it succeeded as a job (an import that refused its list). */
  refused?: (job: Job) => boolean;
}

/**
 * A durable job's progress, read again while it runs: a generation, a send or an import. The task center
 * shows the same job beside the user's others, and stays reachable from here.
 */
export function JobProgress({ jobId, onFinished, describe, refused }: JobProgressProps) {
  const { t } = useTranslation('shell');
  const tenant = useStationsTenant();
  const taskCenter = useTaskCenter();
  const job = useQuery({
    queryKey: jobQueryKey(tenant, jobId),
    queryFn: ({ signal }) => getJob(tenant, jobId, signal),
    refetchInterval: (query) =>
      query.state.data && isFinishedJobState(query.state.data.state) ? false : FOLLOW_JOB_MS,
  });
  const finished = job.data && isFinishedJobState(job.data.state) ? job.data : undefined;
  useEffect(() => {
    if (finished) onFinished?.(finished);
    // Once per job end; a new callback identity must not report it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished?.jobId, finished?.state]);

  const current = job.data;
  return (
    <Flex vertical gap={4} data-testid="job-progress">
      <Progress
        percent={current ? jobPercent(current) : 0}
        status={
          current?.state === 'failed' || current?.state === 'cancelled' || (current && refused?.(current))
            ? 'exception'
            : current?.state === 'succeeded'
              ? 'success'
              : 'active'
        }
      />
      <Flex gap={8} align="center" wrap>
        {current && describe && <Typography.Text>{describe(current)}</Typography.Text>}
        <Button type="link" size="small" onClick={taskCenter.open}>
          {t('tasks.open')}
        </Button>
      </Flex>
    </Flex>
  );
}
