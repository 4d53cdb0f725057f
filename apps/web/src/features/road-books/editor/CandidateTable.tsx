import { useMemo, useState } from 'react';
import { Checkbox, Flex, Input, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoutePlanningResourceItem } from '@cmp/domain/road-books/route-plan';
import { duration, km } from '../shared/route-format';
import styles from './RoadBookEditorPage.module.css';
import { formatFee } from '@cmp/domain/stations/fees';

export interface CandidateTableProps {
  items: readonly RoutePlanningResourceItem[];
  onChoose: (id: string, selected: boolean) => void;
  onRemark: (id: string, remark: string) => void;
}

type Show = 'all' | 'chosen';

const PAGE_SIZE = 10;

/** The plan's candidates in route order, with the spec's route-resource columns; chosen ones are the stops. */
export function CandidateTable({ items, onChoose, onRemark }: CandidateTableProps) {
  const { t } = useTranslation('roadBooks');
  const [show, setShow] = useState<Show>('all');
  const rows = useMemo(
    () => (show === 'chosen' ? items.filter((item) => item.selected) : items),
    [items, show],
  );
  const stopNumbers = useMemo(() => {
    const numbers = new Map<string, number>();
    for (const item of items) if (item.selected) numbers.set(item.id, numbers.size + 1);
    return numbers;
  }, [items]);

  const columns = useMemo<TableColumnsType<RoutePlanningResourceItem>>(
    () => [
      {
        key: 'selected',
        title: t('candidate.chosen'),
        width: 64,
        align: 'center',
        render: (_, item) => (
          <Checkbox
            aria-label={`${t('candidate.chosen')} ${item.name}`}
            checked={item.selected}
            onChange={(event) => onChoose(item.id, event.target.checked)}
          />
        ),
      },
      {
        key: 'name',
        title: t('candidate.name'),
        width: 220,
        render: (_, item) => (
          <Flex vertical gap={2}>
            <Flex gap={6} align="center">
              {item.selected && <span className={styles.stopNo}>{stopNumbers.get(item.id)}</span>}
              <Typography.Text strong={item.selected}>{item.showName || item.name}</Typography.Text>
            </Flex>
            <Flex gap={4} wrap>
              {item.roadBookInclude && <Tag color="gold">{t('candidate.pinned')}</Tag>}
              {item.swapUseClone && <Tag>{t('candidate.clone')}</Tag>}
            </Flex>
          </Flex>
        ),
      },
      {
        key: 'type',
        title: t('candidate.type'),
        width: 84,
        render: (_, item) => (
          <Tag color={item.type === 'PowerSwap' ? 'purple' : 'blue'}>{t(`resourceType.${item.type}`)}</Tag>
        ),
      },
      {
        key: 'progress',
        title: t('candidate.progress'),
        width: 90,
        align: 'right',
        render: (_, item) => t('unit.km', { value: km(item.progress) }),
      },
      {
        key: 'perpendicularDistance',
        title: t('candidate.perpendicularDistance'),
        width: 84,
        align: 'right',
        render: (_, item) => t('unit.km', { value: km(item.perpendicularDistance) }),
      },
      {
        key: 'isOnHighway',
        title: t('candidate.isOnHighway'),
        width: 90,
        align: 'center',
        render: (_, item) =>
          item.isOnHighway ? <Tag color="green">{t('candidate.yes')}</Tag> : t('candidate.no'),
      },
      {
        key: 'chargers',
        title: t('candidate.chargers'),
        width: 130,
        render: (_, item) =>
          item.type === 'PowerSwap' ? (
            '-'
          ) : (
            <Flex vertical>
              <span>{`${t('candidate.dc')} ${item.chargerFreeNumberDc}/${item.chargerTotalNumberDc}`}</span>
              <span>{`${t('candidate.ac')} ${item.chargerFreeNumberAc}/${item.chargerTotalNumberAc}`}</span>
            </Flex>
          ),
      },
      {
        key: 'power',
        title: t('candidate.power'),
        width: 80,
        align: 'right',
        render: (_, item) =>
          item.chargerMinOutputPower === null ? '-' : t('unit.kw', { value: item.chargerMinOutputPower }),
      },
      {
        key: 'price',
        title: t('candidate.price'),
        width: 150,
        render: (_, item) =>
          item.timesharingPrice.length === 0 ? (
            '-'
          ) : (
            <Flex vertical>
              {item.timesharingPrice.map((period) => (
                <span key={period.start}>{`${period.start}~${period.end} ${formatFee(period.price)}`}</span>
              ))}
            </Flex>
          ),
      },
      {
        key: 'neighbours',
        title: t('candidate.neighbours'),
        width: 140,
        render: (_, item) => `${km(item.distanceToPreviousResource)} / ${km(item.distanceToNextResource)} km`,
      },
      {
        key: 'stopTime',
        title: t('candidate.stopTime'),
        width: 100,
        render: (_, item) => duration(t, item.estimateChargeDuration),
      },
      {
        key: 'arrival',
        title: t('candidate.arrival'),
        width: 110,
        render: (_, item) =>
          item.arrivalRange === null
            ? '-'
            : `${Math.round(item.arrivalRange)} → ${Math.round(item.departureRange ?? item.arrivalRange)} km`,
      },
      {
        key: 'remark',
        title: t('candidate.remark'),
        width: 180,
        render: (_, item) =>
          item.selected ? (
            <Input
              size="small"
              aria-label={`${t('candidate.remark')} ${item.name}`}
              placeholder={t('candidate.remarkPlaceholder')}
              maxLength={255}
              value={item.remark ?? ''}
              onChange={(event) => onRemark(item.id, event.target.value)}
            />
          ) : (
            '-'
          ),
      },
    ],
    [t, onChoose, onRemark, stopNumbers],
  );

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} className={styles.sectionTitle}>
          {t('candidate.title')}
        </Typography.Title>
        <Segmented<Show>
          value={show}
          onChange={setShow}
          options={[
            { value: 'all', label: `${t('candidate.all')} (${items.length})` },
            { value: 'chosen', label: `${t('candidate.chosenOnly')} (${stopNumbers.size})` },
          ]}
        />
      </Flex>
      <Table<RoutePlanningResourceItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        rowClassName={(item) => (item.selected ? (styles.chosenRow ?? '') : '')}
        pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('candidate.none') }}
      />
    </Flex>
  );
}
