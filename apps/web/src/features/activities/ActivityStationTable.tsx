import { useState, type ReactNode } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import {
  ActivityStationQuerySchema,
  type ActivityStationItem,
} from '@cmp/domain/activities/activity-stations';
import type { Query } from '../../api/client';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter, type SearchTableParams } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { ACTIVITY_STATIONS_PATH, useActivityStationsApi } from './activity-stations-api';
import { AddStationsDialog } from './AddStationsDialog';
import { useActivityStationColumns } from './use-activity-station-columns';

export interface ActivityStationTableProps {
  /** The screen's name for its saved layout and cached pages. */
  persistKey: string;
  title: ReactNode;
  filters: SearchFilter[];
  /** The list's filter and order from the search form, without paging: what the export sends too. */
  toFilter: (params: SearchTableParams) => Query;
  /** The activity the stations are listed in, once known: its rows show their state and actions there. */
  activity?: Activity;
  empty?: ReactNode;
}

/**
 * Stations with their part in activities, exported as shown. Within an activity that has not finished,
 * operators add stations (by id, by operator or from a sheet), activate, deactivate and remove them.
 */
export function ActivityStationTable({
  persistKey,
  title,
  filters,
  toFilter,
  activity,
  empty,
}: ActivityStationTableProps) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const stations = useActivityStationsApi();
  const canChange = useCanChange();
  const finished = activity?.activityStatus === 'finished';
  const columns = useActivityStationColumns(activity && { activityId: activity.activityId, finished });
  const [adding, setAdding] = useState(false);
  const canAdd = canChange && activity !== undefined && !finished;

  return (
    <>
      <SearchTable<ActivityStationItem>
        querySchema={ActivityStationQuerySchema}
        persistKey={persistKey}
        tenant={tenant}
        rowKey="resourceId"
        title={title}
        columns={columns}
        filters={filters}
        empty={empty}
        request={(params, { signal }) =>
          stations.list({ pageNo: params.pageNo, pageSize: params.pageSize, ...toFilter(params) }, signal)
        }
        actions={({ params, columns: shown }) => [
          ...(canAdd
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                  {t('stations.add')}
                </Button>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${ACTIVITY_STATIONS_PATH}/export`}
            query={toFilter(params)}
            columns={shown}
            fileName="activity-stations"
          />,
        ]}
      />
      {canAdd && adding && <AddStationsDialog activity={activity} onClose={() => setAdding(false)} />}
    </>
  );
}
