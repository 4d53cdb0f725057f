import { Alert, Button, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '@cmp/domain/stations/resource-basic-info';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { useDescribeError } from '../../../api/describe-error';
import { useEnumLabel } from '../../../components/i18n/use-enum-label';
import { usePowerChargers } from '../../remote-operations/remote-operations-api';
import { useOcppColumns } from '../../remote-operations/use-ocpp-columns';
import { formatTime } from '../../../components/format';
import { useEquipments } from './station-detail-hooks';

type Connector = Equipment['connectors'][number];

const orDash = (value: number | null) => (value === null ? '-' : value);

/**
 * The station's equipment, each row opening onto its connectors, with what each charger last said over OCPP
 * and its remote commands.
 */
export function EquipmentTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('stationDetail');
  const equipments = useEquipments(resourceId);
  const label = useEnumLabel();
  const chargers = usePowerChargers(resourceId);
  const ocpp = useOcppColumns(chargers.data);
  const { t: tOcpp } = useTranslation('remoteOperations');
  const describe = useDescribeError();
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
    ...ocpp.state,
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
    ...ocpp.equipment,
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
    ...ocpp.connector,
  ];

  const table = (
    <Table<Equipment>
      rowKey="equipmentId"
      size="middle"
      loading={equipments.isPending}
      columns={columns}
      dataSource={equipments.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
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
  // Without the OCPP state the equipment still lists; the commands wait for it.
  if (!chargers.isError) return table;
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title={tOcpp('ocpp.loadFailed', { reason: describe(chargers.error) })}
        action={
          <Button size="small" onClick={() => void chargers.refetch()}>
            {tOcpp('ocpp.retry')}
          </Button>
        }
      />
      {table}
    </Flex>
  );
}
