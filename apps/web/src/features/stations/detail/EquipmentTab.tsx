import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '@cmp/domain/stations/resource-basic-info';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { useEnumLabel } from '../../../components/i18n/use-enum-label';
import { formatTime } from '../shared/format';
import { useEquipments } from './station-detail-hooks';

type Connector = Equipment['connectors'][number];

const orDash = (value: number | null) => (value === null ? '-' : value);

/** The station's equipment, each row opening onto its connectors. */
export function EquipmentTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('stationDetail');
  const equipments = useEquipments(resourceId);
  const label = useEnumLabel();
  if (equipments.isError)
    return <ErrorResult error={equipments.error} onRetry={() => void equipments.refetch()} />;

  const columns: TableColumnsType<Equipment> = [
    { key: 'equipmentId', dataIndex: 'equipmentId', title: t('equipment.equipmentId') },
    {
      key: 'equipmentType',
      title: t('equipment.equipmentType'),
      width: 120,
      render: (_, e) => label('chargerType', e.equipmentType),
    },
    { key: 'power', dataIndex: 'power', title: t('equipment.power'), width: 120 },
    {
      key: 'location',
      title: t('equipment.location'),
      render: (_, e) =>
        e.equipmentLng === null || e.equipmentLat === null ? '-' : `${e.equipmentLng}, ${e.equipmentLat}`,
    },
    {
      key: 'connectors',
      title: t('equipment.connectorCount'),
      width: 110,
      render: (_, e) => e.connectors.length,
    },
    {
      key: 'updateTime',
      title: t('equipment.updateTime'),
      width: 180,
      render: (_, e) => formatTime(e.updateTime),
    },
  ];
  const connectorColumns: TableColumnsType<Connector> = [
    { key: 'connectorId', dataIndex: 'connectorId', title: t('equipment.connectorId'), width: 320 },
    {
      key: 'connectorType',
      title: t('equipment.connectorType'),
      width: 200,
      render: (_, c) => label('connectorType', c.connectorType),
    },
    {
      key: 'status',
      title: t('equipment.status'),
      width: 110,
      render: (_, c) => label('connectorStatus', c.status),
    },
    { key: 'power', dataIndex: 'power', title: t('equipment.power'), width: 110 },
    {
      key: 'voltage',
      title: t('equipment.voltageUpperLimits'),
      width: 120,
      render: (_, c) => orDash(c.voltageUpperLimits),
    },
    { key: 'current', title: t('equipment.current'), width: 110, render: (_, c) => orDash(c.current) },
    {
      key: 'nationalStandard',
      title: t('equipment.nationalStandard'),
      width: 110,
      render: (_, c) => label('nationalStandard', c.nationalStandard),
    },
    {
      key: 'updateTime',
      title: t('equipment.updateTime'),
      width: 180,
      render: (_, c) => formatTime(c.updateTime),
    },
  ];

  return (
    <Table<Equipment>
      rowKey="equipmentId"
      size="middle"
      loading={equipments.isPending}
      columns={columns}
      dataSource={equipments.data ?? []}
      pagination={false}
      locale={{ emptyText: t('equipment.empty') }}
      expandable={{
        rowExpandable: (e) => e.connectors.length > 0,
        expandedRowRender: (e) => (
          <Table<Connector>
            rowKey="connectorId"
            size="small"
            columns={connectorColumns}
            dataSource={e.connectors}
            pagination={false}
          />
        ),
      }}
    />
  );
}
