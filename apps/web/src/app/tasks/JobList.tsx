import { Button, Empty, Flex, List, Popconfirm, Progress, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { jobOutcome, type Job, type JobOutcome, type Tenant } from '@cmp/domain';
import { useDescribeError } from '../../api/describe-error';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { cancelJob, isActive, jobFileUrl, jobsQueryKey } from './jobs-api';

// The task center's drawer body, a chunk of its own: it loads when the drawer first opens, so the frame of
// every page does not wait for the job states' labels (the domain's catalogue of enumerations).

const OUTCOME_COLORS: Record<JobOutcome, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  withErrors: 'warning',
  failed: 'error',
  cancelled: 'default',
};

const elapsed = (job: Job, now: number) => {
  const from = job.startedAt ?? job.createdAt;
  const to = job.finishedAt ? dayjs(job.finishedAt).valueOf() : now;
  return Math.max(0, Math.round((to - dayjs(from).valueOf()) / 1000));
};

/** Seconds still to go, from the pace so far; unknown before the first chunk. */
const remaining = (job: Job, now: number): number | undefined => {
  const { done, total } = job.progress;
  if (job.state !== 'running' || !total || done === 0) return undefined;
  return Math.round((elapsed(job, now) * (total - done)) / done);
};

/** The user's jobs, newest first, each with its progress, times, state, cancel and download. */
export default function JobList({
  jobs,
  loading,
  tenant,
}: {
  jobs: Job[];
  loading: boolean;
  tenant: Tenant;
}) {
  const { t } = useTranslation('shell');
  return (
    <List<Job>
      loading={loading}
      dataSource={jobs}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} /> }}
      renderItem={(job) => <JobItem job={job} tenant={tenant} />}
    />
  );
}

function JobItem({ job, tenant }: { job: Job; tenant: Tenant }) {
  const { t } = useTranslation('shell');
  const enumLabel = useEnumLabel();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelJob(tenant, job.jobId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey(tenant) }),
  });
  const locale = useDomainLocale();
  const now = Date.now();
  const { done, total, message } = job.progress;
  const outcome = jobOutcome(job);
  const percent = job.state === 'succeeded' ? 100 : total ? Math.floor((done / total) * 100) : 0;
  const left = remaining(job, now);
  const file = job.result?.files[0];
  const fileName = file && (file.names?.[locale] ?? file.name);

  return (
    <List.Item data-testid={`job-${job.jobId}`}>
      <Flex vertical gap={4} style={{ width: '100%' }}>
        <Flex justify="space-between" align="center">
          <Typography.Text strong>{enumLabel('jobKind', job.kind)}</Typography.Text>
          <Tag color={OUTCOME_COLORS[outcome]}>{enumLabel('jobOutcome', outcome)}</Tag>
        </Flex>
        <Typography.Text type="secondary">
          {t('tasks.startedAt', { time: dayjs(job.createdAt).format('YYYY-MM-DD HH:mm:ss') })}
          {' · '}
          {t(isActive(job) ? 'tasks.elapsed' : 'tasks.took', { seconds: elapsed(job, now) })}
          {left !== undefined && ` · ${t('tasks.remaining', { seconds: left })}`}
        </Typography.Text>
        {job.state !== 'cancelled' && (
          <Progress
            percent={percent}
            status={
              outcome === 'failed' || outcome === 'withErrors'
                ? 'exception'
                : isActive(job)
                  ? 'active'
                  : undefined
            }
            // A count with nothing to count against (a job that did not know its total) says nothing.
            format={(shown) => (total === null ? `${shown}%` : `${done} / ${total}`)}
          />
        )}
        {message && (
          <Typography.Text type={outcome === 'withErrors' ? 'warning' : 'secondary'}>
            {message}
          </Typography.Text>
        )}
        {job.state === 'failed' && job.error && <Typography.Text type="danger">{job.error}</Typography.Text>}
        {cancel.isError && <Typography.Text type="danger">{describe(cancel.error)}</Typography.Text>}
        <Flex gap={8}>
          {file && (
            <Button
              size="small"
              type="primary"
              icon={<DownloadOutlined />}
              href={jobFileUrl(tenant, job.jobId, 0)}
              download={fileName}
            >
              {t('tasks.download', { name: fileName })}
            </Button>
          )}
          {isActive(job) && !job.cancelRequested && (
            <Popconfirm title={t('tasks.cancelConfirm')} onConfirm={() => cancel.mutate()}>
              <Button size="small" danger loading={cancel.isPending}>
                {t('tasks.cancel')}
              </Button>
            </Popconfirm>
          )}
          {isActive(job) && job.cancelRequested && (
            <Typography.Text type="secondary">{t('tasks.cancelling')}</Typography.Text>
          )}
        </Flex>
      </Flex>
    </List.Item>
  );
}
