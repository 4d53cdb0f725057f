import { Button, Empty, Flex, List, Popconfirm, Progress, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Job, JobState, Tenant } from '@cmp/domain';
import { useDescribeError } from '../../api/describe-error';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { cancelJob, isActive, jobFileUrl, jobsQueryKey } from './jobs-api';

// The task center's drawer body, a chunk of its own: it loads when the drawer first opens, so the frame of
// every page does not wait for the job states' labels (the domain's catalogue of enumerations).

const STATE_COLORS: Record<JobState, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
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
  const now = Date.now();
  const { done, total, message } = job.progress;
  const percent = job.state === 'succeeded' ? 100 : total ? Math.floor((done / total) * 100) : 0;
  const left = remaining(job, now);
  const file = job.result?.files[0];

  return (
    <List.Item data-testid={`job-${job.jobId}`}>
      <Flex vertical gap={4} style={{ width: '100%' }}>
        <Flex justify="space-between" align="center">
          <Typography.Text strong>{t(`tasks.kind.${job.kind}`, { defaultValue: job.kind })}</Typography.Text>
          <Tag color={STATE_COLORS[job.state]}>{enumLabel('jobState', job.state)}</Tag>
        </Flex>
        <Typography.Text type="secondary">
          {t('tasks.startedAt', { time: dayjs(job.createdAt).format('YYYY-MM-DD HH:mm:ss') })}
          {' · '}
          {t('tasks.elapsed', { seconds: elapsed(job, now) })}
          {left !== undefined && ` · ${t('tasks.remaining', { seconds: left })}`}
        </Typography.Text>
        {job.state !== 'cancelled' && (
          <Progress
            percent={percent}
            status={job.state === 'failed' ? 'exception' : isActive(job) ? 'active' : undefined}
            format={() => (total === null ? `${done}` : `${done} / ${total}`)}
          />
        )}
        {message && isActive(job) && <Typography.Text type="secondary">{message}</Typography.Text>}
        {job.state === 'failed' && job.error && <Typography.Text type="danger">{job.error}</Typography.Text>}
        {cancel.isError && <Typography.Text type="danger">{describe(cancel.error)}</Typography.Text>}
        <Flex gap={8}>
          {file && (
            <Button
              size="small"
              type="primary"
              icon={<DownloadOutlined />}
              href={jobFileUrl(tenant, job.jobId, 0)}
              download={file.name}
            >
              {t('tasks.download', { name: file.name })}
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
