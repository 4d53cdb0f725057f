import { useMemo } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REPORTED_STATION_SOURCES } from '@cmp/domain/stations/reported-stations';
import type { VirtualStation } from '@cmp/domain/stations/virtual-stations';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useEquipmentOwners, useStationsTenant } from '../../components/lookups';
import { operatorStationEditorPath } from './operator-station-links';
import {
  CREATE_TIME_NAMES,
  toOperatorStationFilter,
  toOperatorStationListQuery,
} from './operator-station-list-query';
import { OPERATOR_STATION_LIST, OPERATOR_STATIONS, useOperatorStationsApi } from './operator-stations-api';
import { useOperatorStationColumns } from './use-operator-station-columns';

/**
 * The stations operators report to the virtual provider (spec C3.11.1–C3.11.6): by create time, equipment
 * owner, name, address and source, with export; a station opens in its editor, where operators also add one.
 */
export default function OperatorStationListPage() {
  const { t } = useTranslation('operatorStations');
  const tenant = useStationsTenant();
  const stations = useOperatorStationsApi();
  const canChange = useCanChange();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const owners = useEquipmentOwners();
  const columns = useOperatorStationColumns();

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
    <SearchTable<VirtualStation>
      persistKey={OPERATOR_STATION_LIST}
      tenant={tenant}
      rowKey="connectorId"
      title={t('list.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) => stations.list(toOperatorStationListQuery(params), signal)}
      actions={({ params, columns: shown }) => [
        ...(canChange
          ? [
              <Button
                key="create"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(operatorStationEditorPath(tenant))}
              >
                {t('list.create')}
              </Button>,
            ]
          : []),
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${OPERATOR_STATIONS}/export`}
          query={toOperatorStationFilter(params)}
          columns={shown}
          fileName="operator-stations"
        />,
      ]}
    />
  );
}
