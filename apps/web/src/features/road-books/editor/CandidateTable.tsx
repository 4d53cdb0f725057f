import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Checkbox,
  Flex,
  Input,
  Popover,
  Segmented,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoutePlanningResourceItem } from '@cmp/domain/road-books/route-plan';
import { duration, km } from '../shared/route-format';
import styles from './RoadBookEditorPage.module.css';
import { formatFee } from '@cmp/domain/stations/fees';

export interface CandidateTableProps {
  items: readonly RoutePlanningResourceItem[];
  onChoose: (id: string, selected: boolean) => void;
  onRemark: (id: string, remark: string) => void;
  /** A viewer's view: the stops and remarks are shown, not changed. */
  readOnly?: boolean;
}

type Show = 'all' | 'chosen';

const PAGE_SIZE = 10;

/** The plan's candidates in route order, with the spec's route-resource columns; chosen ones are the stops. */
export function CandidateTable({ items, onChoose, onRemark, readOnly = false }: CandidateTableProps) {
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

  // One line per row: the stop box and the station stay at the left while the figures scroll under them.
  const columns = useMemo<TableColumnsType<RoutePlanningResourceItem>>(
    () => [
      {
        key: 'selected',
        title: t('candidate.chosen'),
        width: 96,
        align: 'center',
        fixed: 'left',
        render: (_, item) => (
          <Checkbox
            aria-label={`${t('candidate.chosen')} ${item.name}`}
            checked={item.selected}
            disabled={readOnly}
            onChange={(event) => onChoose(item.id, event.target.checked)}
          />
        ),
      },
      {
        key: 'name',
        title: t('candidate.name'),
        width: 260,
        fixed: 'left',
        render: (_, item) => (
          <Flex gap={6} align="center" className={styles.candidateName}>
            {item.selected && <span className={styles.stopNo}>{stopNumbers.get(item.id)}</span>}
            <Typography.Text strong={item.selected} ellipsis={{ tooltip: item.showName || item.name }}>
              {item.showName || item.name}
            </Typography.Text>
            {item.roadBookInclude && (
              <Tag color="gold" className={styles.inlineTag}>
                {t('candidate.pinned')}
              </Tag>
            )}
            {item.swapUseClone && <Tag className={styles.inlineTag}>{t('candidate.clone')}</Tag>}
          </Flex>
        ),
      },
      {
        key: 'type',
        title: t('candidate.type'),
        width: 120,
        render: (_, item) => (
          <Tag color={item.type === 'PowerSwap' ? 'purple' : 'blue'}>{t(`resourceType.${item.type}`)}</Tag>
        ),
      },
      {
        key: 'progress',
        title: t('candidate.progress'),
        width: 110,
        align: 'right',
        render: (_, item) => t('unit.km', { value: km(item.progress) }),
      },
      {
        key: 'perpendicularDistance',
        title: t('candidate.perpendicularDistance'),
        width: 90,
        align: 'right',
        render: (_, item) => t('unit.km', { value: km(item.perpendicularDistance) }),
      },
      {
        key: 'isOnHighway',
        title: t('candidate.isOnHighway'),
        width: 110,
        align: 'center',
        render: (_, item) =>
          item.isOnHighway ? <Tag color="green">{t('candidate.yes')}</Tag> : t('candidate.no'),
      },
      {
        key: 'chargers',
        title: t('candidate.chargers'),
        width: 160,
        render: (_, item) =>
          item.type === 'PowerSwap'
            ? '-'
            : `${t('candidate.dc')} ${item.chargerFreeNumberDc}/${item.chargerTotalNumberDc} · ${t('candidate.ac')} ${item.chargerFreeNumberAc}/${item.chargerTotalNumberAc}`,
      },
      {
        key: 'power',
        title: t('candidate.power'),
        width: 90,
        align: 'right',
        render: (_, item) =>
          item.chargerMinOutputPower === null ? '-' : t('unit.kw', { value: item.chargerMinOutputPower }),
      },
      {
        key: 'price',
        title: t('candidate.price'),
        width: 150,
        render: (_, item) => <PriceSummary periods={item.timesharingPrice} />,
      },
      {
        key: 'neighbours',
        title: t('candidate.neighbours'),
        width: 150,
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
        width: 130,
        render: (_, item) =>
          item.arrivalRange === null
            ? '-'
            : `${Math.round(item.arrivalRange)} → ${Math.round(item.departureRange ?? item.arrivalRange)} km`,
      },
      {
        key: 'remark',
        title: t('candidate.remark'),
        width: 200,
        render: (_, item) =>
          item.selected && !readOnly ? (
            <Input
              size="small"
              aria-label={`${t('candidate.remark')} ${item.name}`}
              placeholder={t('candidate.remarkPlaceholder')}
              maxLength={255}
              value={item.remark ?? ''}
              onChange={(event) => onRemark(item.id, event.target.value)}
            />
          ) : (
            <Typography.Text ellipsis={{ tooltip: item.remark }}>{item.remark || '-'}</Typography.Text>
          ),
      },
    ],
    [t, onChoose, onRemark, stopNumbers, readOnly],
  );

  // The table is wider than the column it sits in; a scroll bar above it saves scrolling to its end first.
  const tableRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const [scrollWidth, setScrollWidth] = useState(0);
  useEffect(() => {
    const content = tableRef.current?.querySelector<HTMLElement>('.ant-table-content');
    const top = topRef.current;
    if (!content || !top) return;
    const measure = () => setScrollWidth(content.scrollWidth > content.clientWidth ? content.scrollWidth : 0);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(content);
    // The box of the scrolling element keeps its size when the table in it widens; the table's does not.
    const table = content.querySelector('table');
    if (table) observer?.observe(table);
    // Each follows the other; setting an equal position fires no event, so they do not loop.
    const follow = (from: HTMLElement, to: HTMLElement) => () => {
      if (to.scrollLeft !== from.scrollLeft) to.scrollLeft = from.scrollLeft;
    };
    const fromTop = follow(top, content);
    const fromTable = follow(content, top);
    top.addEventListener('scroll', fromTop);
    content.addEventListener('scroll', fromTable);
    return () => {
      observer?.disconnect();
      top.removeEventListener('scroll', fromTop);
      content.removeEventListener('scroll', fromTable);
    };
  }, [rows]);

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
      <div
        ref={topRef}
        className={styles.topScroll}
        data-top-scroll
        aria-hidden
        style={{ display: scrollWidth > 0 ? 'block' : 'none' }}
      >
        <div style={{ width: scrollWidth, height: 1 }} />
      </div>
      <div ref={tableRef}>
        <Table<RoutePlanningResourceItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          rowClassName={(item) => (item.selected ? (styles.chosenRow ?? '') : '')}
          pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          tableLayout="fixed"
          locale={{ emptyText: t('candidate.none') }}
        />
      </div>
    </Flex>
  );
}

type Period = RoutePlanningResourceItem['timesharingPrice'][number];

/** The price range in the cell and the whole schedule in a popover: a schedule of seven periods fits one line. */
function PriceSummary({ periods }: { periods: readonly Period[] }) {
  const { t } = useTranslation('roadBooks');
  if (periods.length === 0) return '-';
  const prices = periods.map((period) => Number(period.price));
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const range = low === high ? formatFee(low) : `${formatFee(low)}–${formatFee(high)}`;
  if (periods.length === 1) return range;
  return (
    <Popover
      title={t('candidate.price')}
      content={
        <Flex vertical className={styles.schedule}>
          {periods.map((period) => (
            <span key={period.start}>{`${period.start}~${period.end} ${formatFee(period.price)}`}</span>
          ))}
        </Flex>
      }
    >
      <Typography.Link className={styles.priceRange}>
        {range}
        <span className={styles.periodCount}>{t('candidate.periods', { count: periods.length })}</span>
      </Typography.Link>
    </Popover>
  );
}
