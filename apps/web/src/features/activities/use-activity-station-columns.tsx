import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivityStationItem } from '@cmp/domain/activities/activity-stations';
import { stationDetailPath } from '../../app/screen-links';
import { useCanChange } from '../../app/session/use-can-change';
import type { SearchTableColumn } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { StationRowActions } from './StationRowActions';

/** The activity whose stations are listed, as the rows' state and actions need it. */
export interface ListedActivity {
  activityId: number;
  /** A finished activity's stations no longer change. */
  finished: boolean;
}

function ActiveTag({ active }: { active: boolean | null }) {
  const { t } = useTranslation('activities');
  if (active === null) return '-';
  return (
    <Tag color={active ? 'success' : 'default'}>{t(active ? 'stations.active' : 'stations.inactive')}</Tag>
  );
}

/**
 * The activity station list's columns, keyed as the export's. Whether a station is active, and what can be
 * done with it, belong to one activity: those columns come only with `activity`.
 */
export function useActivityStationColumns(
  activity?: ListedActivity,
): SearchTableColumn<ActivityStationItem>[] {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const canChange = useCanChange();
  const label = useEnumLabel();
  const activityId = activity?.activityId;
  const changeable = canChange && activity !== undefined && !activity.finished;
  return useMemo(() => {
    const columns: SearchTableColumn<ActivityStationItem>[] = [
      {
        key: 'resourceId',
        title: t('field.resourceId'),
        width: 200,
        fixed: 'left',
        sortable: true,
        ellipsis: true,
        render: (s) => (
          <Link to={stationDetailPath(tenant, s.resourceType, s.resourceId)}>{s.resourceId}</Link>
        ),
      },
      { key: 'resourceName', title: t('field.resourceName'), width: 220, sortable: true, ellipsis: true },
      {
        key: 'resourceType',
        title: t('field.resourceType'),
        width: 110,
        render: (s) => label('resourceType', s.resourceType),
      },
      {
        key: 'operatorName',
        title: t('field.operatorName'),
        width: 120,
        ellipsis: true,
        render: (s) => orDash(s.operatorName),
      },
      {
        key: 'equipmentOwner',
        title: t('field.equipmentOwner'),
        width: 150,
        ellipsis: true,
        render: (s) => orDash(s.equipmentOwner),
      },
      {
        key: 'region',
        title: t('field.region'),
        width: 160,
        ellipsis: true,
        render: (s) => orDash(s.region),
      },
      {
        key: 'address',
        title: t('field.address'),
        width: 220,
        ellipsis: true,
        render: (s) => orDash(s.address),
      },
      ...(activityId === undefined
        ? []
        : [
            {
              key: 'active',
              title: t('field.activeInActivity'),
              width: 130,
              render: (s: ActivityStationItem) => <ActiveTag active={s.active} />,
            },
          ]),
      {
        key: 'commentaryNumber',
        title: t('field.commentaryNumber'),
        width: 100,
        align: 'right',
        sortable: true,
      },
      {
        key: 'openWorksheetNumber',
        title: t('field.openWorksheetNumber'),
        width: 150,
        align: 'right',
        sortable: true,
      },
      {
        key: 'basicInfoUpdateTime',
        title: t('field.basicInfoUpdateTime'),
        width: 180,
        sortable: true,
        render: (s) => formatTime(s.basicInfoUpdateTime),
      },
    ];
    if (activityId !== undefined && changeable) {
      columns.push({
        key: 'actions',
        title: t('stations.actions'),
        width: 150,
        fixed: 'right',
        render: (s) => <StationRowActions activityId={activityId} station={s} />,
      });
    }
    return columns;
  }, [t, tenant, label, activityId, changeable]);
}
