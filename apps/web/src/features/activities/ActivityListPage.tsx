import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_SEARCH_NAMES,
  ActivityListQuerySchema,
  type Activity,
} from '@cmp/domain/activities/activity-contracts';
import { ACTIVITY_STATUSES } from '@cmp/domain/activities/activity-statuses';
import { ACTIVITY_TYPES } from '@cmp/domain/activities/activity-types';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { ACTIVITIES_PATH, ACTIVITY_LIST, useActivitiesApi } from './activities-api';
import { toActivityFilter, toActivityListQuery } from './activity-list-query';
import { NewActivityDialog } from './NewActivityDialog';
import { useActivityColumns } from './use-activity-columns';

/**
 * The tenant's activities (spec §3 "Activity", §7 "Activities") with their type, status and window;
 * operators start a new one here by choosing its type, and an activity opens on its page.
 */
export default function ActivityListPage() {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const activities = useActivitiesApi();
  const canChange = useCanChange();
  const label = useEnumLabel();
  const columns = useActivityColumns();
  const [choosing, setChoosing] = useState(false);

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'inputSelect',
        name: 'searchInput',
        selectName: 'searchInputSelect',
        label: t('field.searchInput'),
        options: ACTIVITY_SEARCH_NAMES.map((value) => ({ value, label: t(`field.${value}`) })),
      },
      {
        type: 'select',
        name: 'activityTypes',
        label: t('field.activityType'),
        multiple: true,
        options: ACTIVITY_TYPES.map((value) => ({ value, label: label('activityType', value) })),
      },
      {
        type: 'select',
        name: 'activityStatus',
        label: t('field.activityStatus'),
        options: ACTIVITY_STATUSES.map((value) => ({ value, label: label('activityStatus', value) })),
      },
      {
        type: 'datetimeRange',
        name: 'createTime',
        label: t('field.createTime'),
        names: ['createTimeBegin', 'createTimeEnd'],
      },
      { type: 'input', name: 'creatorName', label: t('field.creatorName') },
      { type: 'input', name: 'resourceId', label: t('field.resourceId') },
    ],
    [t, label],
  );

  return (
    <>
      <SearchTable<Activity>
        querySchema={ActivityListQuerySchema}
        persistKey={ACTIVITY_LIST}
        tenant={tenant}
        rowKey="activityId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => activities.list(toActivityListQuery(params), signal)}
        actions={({ params, columns: shown }) => [
          ...(canChange
            ? [
                <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setChoosing(true)}>
                  {t('list.create')}
                </Button>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${ACTIVITIES_PATH}/export`}
            query={toActivityFilter(params)}
            columns={shown}
            fileName="activities"
          />,
        ]}
      />
      {canChange && <NewActivityDialog open={choosing} onClose={() => setChoosing(false)} />}
    </>
  );
}
