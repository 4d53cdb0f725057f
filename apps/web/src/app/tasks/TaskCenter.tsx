import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Empty, Flex, List, Popconfirm, Progress, Tag, Typography } from 'antd';
import { DownloadOutlined, ProfileOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Job, JobState, Tenant } from '@cmp/domain';
import { useDescribeError } from '../../api/describe-error';
import { cancelJob, isActive, jobFileUrl, jobsQueryKey } from './jobs-api';
import { TaskCenterContext, useTaskCenter } from './task-center-context';
import { useMyJobs } from './use-my-jobs';

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

/**
 * The user's long work (exports for now): the drawer with each job's progress, times, state, cancel and
 * download, opened from the header's button or by a screen that started a job; around the whole layout.
 */
export function TaskCenterProvider({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const jobs = useMyJobs(tenant);
  const active = jobs.data?.items.filter(isActive).length ?? 0;

  return (
    <TaskCenterContext.Provider value={{ open: () => setOpen(true), active }}>
      {children}
      <Drawer open={open} onClose={() => setOpen(false)} title={t('tasks.title')} size={520}>
        <List<Job>
          loading={jobs.isLoading}
          dataSource={jobs.data?.items ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} />,
          }}
          renderItem={(job) => <JobItem job={job} tenant={tenant} />}
        />
      </Drawer>
    </TaskCenterContext.Provider>
  );
}

/** The header's entry to the task center, with a badge of the jobs still queued or running. */
export function TaskCenterButton() {
  const { t } = useTranslation('shell');
  const { open, active } = useTaskCenter();
  return (
    <Badge count={active} size="small" offset={[-6, 4]}>
      <Button type="text" icon={<ProfileOutlined />} onClick={open} data-testid="task-center">
        {t('tasks.title')}
      </Button>
    </Badge>
  );
}

function JobItem({ job, tenant }: { job: Job; tenant: Tenant }) {
  const { t } = useTranslation('shell');
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
          <Tag color={STATE_COLORS[job.state]}>{t(`tasks.state.${job.state}`)}</Tag>
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
