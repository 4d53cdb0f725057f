import type { ReactNode } from 'react';
import { Button, Card, Flex, Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { findArea } from '../../../app/areas';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { tenantPath } from '../../../app/paths';
import { useStationsTenant } from '../../../components/lookups';
import { CommentsTab } from '../tabs/CommentsTab';
import { HistoryTab } from '../tabs/HistoryTab';
import { NotificationsTab } from '../tabs/NotificationsTab';
import { PicturesTab } from '../tabs/PicturesTab';
import { RelationsTab } from '../tabs/RelationsTab';
import { TagsTab } from '../tabs/TagsTab';
import { WorksheetsTab } from '../tabs/WorksheetsTab';
import { EquipmentTab } from './EquipmentTab';

/** Where "back to the list" goes: the operations list of the current area. */
function useListPath(): string {
  const tenant = useStationsTenant();
  return tenantPath(tenant, findArea('resourceOperations')?.path ?? '');
}

export function StationDetailSkeleton() {
  return (
    <Flex vertical gap={16} aria-busy="true">
      <Card>
        <Skeleton active title paragraph={{ rows: 2 }} />
      </Card>
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    </Flex>
  );
}

/** An unknown or missing resourceId: say so plainly and lead back to the list. */
export function StationNotFound({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('stationDetail');
  const listPath = useListPath();
  return (
    <Card>
      <Result
        status="404"
        title={resourceId === '' ? t('notFound.noId') : t('notFound.title')}
        subTitle={resourceId === '' ? t('notFound.noIdHint') : t('notFound.hint', { resourceId })}
        extra={
          <Link to={listPath}>
            <Button type="primary">{t('notFound.backToList')}</Button>
          </Link>
        }
      />
    </Card>
  );
}

interface StationLoadState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a detail page shows before its station is there: a skeleton while loading, the not-found state for an
 * unknown id, and the error with a retry otherwise. Renders `children` once the station is loaded.
 */
export function StationLoadGate({
  resourceId,
  states,
  children,
}: {
  resourceId: string;
  states: StationLoadState[];
  children: () => ReactNode;
}) {
  if (resourceId === '') return <StationNotFound resourceId="" />;
  const failed = states.find((s) => s.isError);
  if (failed) {
    if (failed.error instanceof ApiError && failed.error.status === 404) {
      return <StationNotFound resourceId={resourceId} />;
    }
    return (
      <Card>
        <ErrorResult error={failed.error} onRetry={() => states.forEach((s) => void s.refetch())} />
      </Card>
    );
  }
  if (states.some((s) => s.isPending)) return <StationDetailSkeleton />;
  return <>{children()}</>;
}

export type StationTab =
  | 'basic'
  | 'equipment'
  | 'tags'
  | 'pictures'
  | 'notifications'
  | 'comments'
  | 'relations'
  | 'history'
  | 'worksheets';
const TABS: readonly StationTab[] = [
  'basic',
  'equipment',
  'tags',
  'pictures',
  'notifications',
  'comments',
  'relations',
  'history',
  'worksheets',
];
const isStationTab = (value: string | null): value is StationTab => TABS.includes(value as StationTab);

/** A tab only some stations have (a charge station's remote operations), after the common ones. */
export interface ExtraStationTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * The tabs of a station, the one shown kept in `?tab=` so a link or a reload opens it again. Tabs stay
 * mounted once opened, so switching away from an edit does not lose it.
 */
export function StationTabs({
  resourceId,
  basic,
  extra = [],
}: {
  resourceId: string;
  basic: ReactNode;
  extra?: ExtraStationTab[];
}) {
  const { t } = useTranslation('stationDetail');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active =
    isStationTab(requested) || extra.some((tab) => tab.key === requested) ? (requested ?? 'basic') : 'basic';
  const items = [
    { key: 'basic', label: t('tab.basic'), children: basic },
    { key: 'equipment', label: t('tab.equipment'), children: <EquipmentTab resourceId={resourceId} /> },
    { key: 'tags', label: t('tab.tags'), children: <TagsTab resourceId={resourceId} /> },
    { key: 'pictures', label: t('tab.pictures'), children: <PicturesTab resourceId={resourceId} /> },
    {
      key: 'notifications',
      label: t('tab.notifications'),
      children: <NotificationsTab resourceId={resourceId} />,
    },
    { key: 'comments', label: t('tab.comments'), children: <CommentsTab resourceId={resourceId} /> },
    { key: 'relations', label: t('tab.relations'), children: <RelationsTab resourceId={resourceId} /> },
    { key: 'history', label: t('tab.history'), children: <HistoryTab resourceId={resourceId} /> },
    { key: 'worksheets', label: t('tab.worksheets'), children: <WorksheetsTab resourceId={resourceId} /> },
    ...extra,
  ];
  return (
    <Card>
      <Tabs
        activeKey={active}
        items={items}
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (key === 'basic') next.delete('tab');
              else next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
      />
    </Card>
  );
}
