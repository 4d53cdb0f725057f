import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge, Button, Drawer } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@cmp/domain';
import { PageLoading } from '../errors/PageLoading';
import { isActive } from './jobs-api';
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
  const jobs = useMyJobs(tenant);
  const active = jobs.data?.items.filter(isActive).length ?? 0;

  return (
    <TaskCenterContext.Provider value={{ open: () => setOpen(true), active }}>
      {children}
      <Drawer open={open} onClose={() => setOpen(false)} title={t('tasks.title')} size={520}>
        <Suspense fallback={<PageLoading />}>
          <JobList jobs={jobs.data?.items ?? []} loading={jobs.isLoading} tenant={tenant} />
        </Suspense>
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
