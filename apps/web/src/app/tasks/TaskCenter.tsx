import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge, Button, Drawer } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@cmp/domain';
import { PageLoading } from '../errors/PageLoading';
import dayjs from 'dayjs';
import { isActive } from './jobs-api';
import { lastSeenJobs, markJobsSeen } from './last-seen-jobs';
import { TaskCenterContext, useTaskCenter } from './task-center-context';
import { useMyJobs } from './use-my-jobs';

const JobList = lazy(() => import('./JobList'));

/**
 * The user's long work (exports for now): the drawer with each job's progress, times, state, cancel and
 * download, opened from the header's button or by a screen that started a job; around the whole layout.
 */
export function TaskCenterProvider({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [seenAt, setSeenAt] = useState(() => lastSeenJobs(tenant));
  const jobs = useMyJobs(tenant);
  const items = jobs.data?.items ?? [];
  const active = items.filter(isActive).length;
  const unseen = items.filter((job) => job.finishedAt && dayjs(job.finishedAt).valueOf() > seenAt).length;
  // Looking at the list, and leaving it, both count as having seen what ended so far.
  const look = (opened: boolean) => {
    setOpen(opened);
    setSeenAt(markJobsSeen(tenant));
  };

  return (
    <TaskCenterContext.Provider value={{ open: () => look(true), active, unseen }}>
      {children}
      <Drawer open={open} onClose={() => look(false)} title={t('tasks.title')} size={520}>
        <Suspense fallback={<PageLoading />}>
          <JobList jobs={jobs.data?.items ?? []} loading={jobs.isLoading} tenant={tenant} />
        </Suspense>
      </Drawer>
    </TaskCenterContext.Provider>
  );
}

/** The header's entry to the task center, with a badge of the jobs still at work or ended since last looked at. */
export function TaskCenterButton() {
  const { t } = useTranslation('shell');
  const { open, active, unseen } = useTaskCenter();
  return (
    <Badge
      count={active + unseen}
      size="small"
      offset={[-6, 4]}
      title={unseen > 0 ? t('tasks.unseen', { count: unseen }) : undefined}
      data-testid="task-center-badge"
    >
      <Button
        type="text"
        icon={<ProfileOutlined />}
        aria-label={t('tasks.title')}
        onClick={open}
        data-testid="task-center"
      >
        {t('tasks.title')}
      </Button>
    </Badge>
  );
}
