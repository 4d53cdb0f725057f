import { useMemo } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  REPORTED_STATION_SOURCES,
  type ReportedStation,
  ReportedStationListQuerySchema,
} from '@cmp/domain/stations/reported-stations';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useEquipmentOwners, useStationsTenant } from '../../components/lookups';
import { reportedStationEditorPath } from './reported-station-links';
import {
  CREATE_TIME_NAMES,
  toReportedStationFilter,
  toReportedStationListQuery,
} from './reported-station-list-query';
import { REPORTED_STATION_LIST, REPORTED_STATIONS, useReportedStationsApi } from './reported-stations-api';
import { useReportedStationColumns } from './use-reported-station-columns';

/**
 * The stations operators report to the virtual provider (spec C3.11.1–C3.11.6): by create time, equipment
 * owner, name, address and source, with export; a station opens in its editor, where operators also add one.
 */
export default function ReportedStationListPage() {
  const { t } = useTranslation('reportedStations');
  const tenant = useStationsTenant();
  const stations = useReportedStationsApi();
  const canChange = useCanChange();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const owners = useEquipmentOwners();
  const columns = useReportedStationColumns();

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'datetimeRange', name: 'createTime', names: CREATE_TIME_NAMES, label: t('filter.createTime') },
      {
        type: 'select',
        name: 'equipmentOwnerId',
        label: t('field.equipmentOwnerId'),
        options: (owners.data ?? []).map((owner) => ({
          value: owner.equipmentOwnerId,
          label: owner.equipmentOwnerName,
        })),
      },
      { type: 'input', name: 'stationName', label: t('field.stationName'), placeholder: t('filter.partOf') },
      { type: 'input', name: 'address', label: t('field.address'), placeholder: t('filter.partOf') },
      {
        type: 'select',
        name: 'source',
        label: t('field.source'),
        options: REPORTED_STATION_SOURCES.map((source) => ({
          value: source,
          label: label('reportedStationSource', source),
        })),
      },
    ],
    [t, label, owners.data],
  );

  return (
    <SearchTable<ReportedStation>
      querySchema={ReportedStationListQuerySchema}
      persistKey={REPORTED_STATION_LIST}
      tenant={tenant}
      rowKey="connectorId"
      title={t('list.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) => stations.list(toReportedStationListQuery(params), signal)}
      actions={({ params, columns: shown }) => [
        ...(canChange
          ? [
              <Button
                key="create"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(reportedStationEditorPath(tenant))}
              >
                {t('list.create')}
              </Button>,
            ]
          : []),
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${REPORTED_STATIONS}/export`}
          query={toReportedStationFilter(params)}
          columns={shown}
          // The server's English file name (reported-stations.export.ts), should it name none.
          fileName="operator-stations"
        />,
      ]}
    />
  );
}
