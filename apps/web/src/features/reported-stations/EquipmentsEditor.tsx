import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSafeText } from '@cmp/domain/shared/input';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import type { EquipmentRow } from './reported-station-form';

/** The most chargers a station lists (the contract's limit). */
export const MAX_EQUIPMENTS = 200;

/** Whether a row is one the server takes: an id, a power of 0–1000 kW and 1–16 whole connectors. */
export const isCompleteEquipment = (row: EquipmentRow): boolean =>
  typeof row.equipmentId === 'string' &&
  row.equipmentId.trim() !== '' &&
  row.equipmentId.trim().length <= 64 &&
  isSafeText(row.equipmentId) &&
  typeof row.power === 'number' &&
  row.power >= 0 &&
  row.power <= 1000 &&
  typeof row.connectorCount === 'number' &&
  Number.isInteger(row.connectorCount) &&
  row.connectorCount >= 1 &&
  row.connectorCount <= 16;

export interface EquipmentsEditorProps {
  value?: EquipmentRow[];
  onChange?: (rows: EquipmentRow[]) => void;
  readOnly: boolean;
}

/** The station's chargers: a table to read, a row of inputs per charger to edit. */
export function EquipmentsEditor({ value = [], onChange, readOnly }: EquipmentsEditorProps) {
  const { t } = useTranslation('reportedStations');
  const label = useEnumLabel();
  const typeOptions = (['DC', 'AC'] as const).map((type) => ({
    value: type,
    label: label('chargerType', type),
  }));

  if (readOnly) {
    return value.length === 0 ? (
      <Typography.Text type="secondary">{t('equipment.empty')}</Typography.Text>
    ) : (
      <Table<EquipmentRow>
        size="small"
        pagination={false}
        rowKey={(row) => `${row.equipmentId}`}
        dataSource={value}
        columns={[
          { key: 'equipmentId', title: t('equipment.equipmentId'), dataIndex: 'equipmentId' },
          {
            key: 'equipmentType',
            title: t('equipment.equipmentType'),
            render: (_, row) => label('chargerType', row.equipmentType),
          },
          { key: 'power', title: t('equipment.power'), dataIndex: 'power', align: 'right' },
          {
            key: 'connectorCount',
            title: t('equipment.connectorCount'),
            dataIndex: 'connectorCount',
            align: 'right',
          },
        ]}
      />
    );
  }

  const change = (index: number, patch: Partial<EquipmentRow>) =>
    onChange?.(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Flex vertical gap={8}>
      {value.map((row, index) => {
        const name = t('equipment.row', { n: index + 1 });
        return (
          <Flex key={index} gap={8} align="center" wrap role="group" aria-label={name}>
            <Input
              aria-label={`${name} ${t('equipment.equipmentId')}`}
              placeholder={t('equipment.equipmentId')}
              style={{ width: 200 }}
              maxLength={64}
              value={row.equipmentId}
              onChange={(event) => change(index, { equipmentId: event.target.value })}
            />
            <Select
              aria-label={`${name} ${t('equipment.equipmentType')}`}
              style={{ width: 110 }}
              options={typeOptions}
              value={row.equipmentType}
              onChange={(equipmentType) => change(index, { equipmentType })}
            />
            <InputNumber<number>
              aria-label={`${name} ${t('equipment.power')}`}
              placeholder={t('equipment.power')}
              style={{ width: 130 }}
              value={row.power}
              onChange={(power) => change(index, { power })}
            />
            <InputNumber<number>
              aria-label={`${name} ${t('equipment.connectorCount')}`}
              placeholder={t('equipment.connectorCount')}
              style={{ width: 110 }}
              precision={0}
              value={row.connectorCount}
              onChange={(connectorCount) => change(index, { connectorCount })}
            />
            <Button
              type="text"
              aria-label={t('equipment.remove', { n: index + 1 })}
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(value.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <div>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={value.length >= MAX_EQUIPMENTS}
          onClick={() => onChange?.([...value, { equipmentType: 'DC', connectorCount: 1 }])}
        >
          {t('equipment.add')}
        </Button>
      </div>
    </Flex>
  );
}
