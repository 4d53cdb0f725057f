import { useMemo } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import { useCanChange } from '../../app/session/use-can-change';
import type { SearchTableColumn } from '../../components';
import { formatTime } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { activityDetailPath, activityEditPath } from './activity-links';
import { ActivityStatusTag, ActivityTypeTag } from './ActivityTags';

/** Red packets are counted in cents; the list shows yuan. */

/** The activity list's columns, keyed as the export's. */
export function useActivityColumns(): SearchTableColumn<Activity>[] {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const canChange = useCanChange();
  return useMemo(
    () => [
      {
        key: 'activityId',
        title: t('field.activityId'),
        width: 100,
        fixed: 'left',
        render: (a) => <Link to={activityDetailPath(tenant, a.activityId)}>{a.activityId}</Link>,
      },
      { key: 'activityName', title: t('field.activityName'), width: 200, ellipsis: true, sortable: true },
      {
        key: 'activityType',
        title: t('field.activityType'),
        width: 180,
        render: (a) => <ActivityTypeTag type={a.activityType} />,
      },
      {
        key: 'activityStatus',
        title: t('field.activityStatus'),
        width: 100,
        render: (a) => <ActivityStatusTag status={a.activityStatus} />,
      },
      {
        key: 'beginTime',
        title: t('field.beginTime'),
        width: 170,
        sortable: true,
        render: (a) => formatTime(a.beginTime),
      },
      {
        key: 'endTime',
        title: t('field.endTime'),
        width: 170,
        sortable: true,
        render: (a) => formatTime(a.endTime),
      },
      {
        key: 'stationCount',
        title: t('field.stationCount'),
        width: 100,
        align: 'right',
        render: (a) => a.stationCount.toLocaleString(),
      },
      { key: 'creatorName', title: t('field.creatorName'), width: 120, ellipsis: true },
      {
        key: 'createTime',
        title: t('field.createTime'),
        width: 170,
        sortable: true,
        render: (a) => formatTime(a.createTime),
      },
      {
        key: 'totalRedPacket',
        title: t('field.totalRedPacket'),
        width: 130,
        align: 'right',
        hiddenByDefault: true,
        render: (a) => a.rewardStatistics.totalRedPacket,
      },
      {
        key: 'totalNioPoint',
        title: t('field.totalNioPoint'),
        width: 110,
        align: 'right',
        hiddenByDefault: true,
        render: (a) => a.rewardStatistics.totalNioPoint.toLocaleString(),
      },
      {
        key: 'actions',
        title: t('list.actions'),
        width: 120,
        fixed: 'right',
        render: (a) => (
          <Space size="small">
            <Link to={activityDetailPath(tenant, a.activityId)}>{t('list.view')}</Link>
            {canChange && a.activityStatus !== 'finished' && (
              <Link to={activityEditPath(tenant, a.activityId)}>{t('list.edit')}</Link>
            )}
          </Space>
        ),
      },
    ],
    [t, tenant, canChange],
  );
}
