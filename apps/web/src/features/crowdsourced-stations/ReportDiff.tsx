import { useMemo, type ReactNode } from 'react';
import { Card, Empty, Flex, Select, Table, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrowdsourcedStation, NearbyStation } from '@cmp/domain/stations/crowdsourced-stations';
import { reportDiff, type DiffField, type DiffRow, type DiffValue } from './report-diff';
import { useDistance } from './review-parts';

const POWER_FIELDS: ReadonlySet<DiffField> = new Set(['dcPower', 'acPower']);

interface ReportDiffProps {
  report: CrowdsourcedStation;
  stations: readonly NearbyStation[];
  /** The station compared with, one of `stations`. */
  station: NearbyStation | undefined;
  onSelect: (resourceId: string) => void;
}

/**
 * The report's fields beside one of the network stations nearest to it (the nearest unless another is
 * chosen), a row per field; rows where the two disagree are tinted and marked.
 */
export function ReportDiff({ report, stations, station, onSelect }: ReportDiffProps) {
  const { t } = useTranslation('crowdsourcedReview');
  const { token } = theme.useToken();
  const distance = useDistance();
  const rows = useMemo(() => (station ? reportDiff(report, station) : []), [report, station]);

  const shown = (field: DiffField, value: DiffValue): string => {
    if (value === null || value === '') return '-';
    return POWER_FIELDS.has(field) ? t('unit.kw', { value }) : String(value);
  };
  const columns: TableColumnsType<DiffRow> = [
    {
      key: 'field',
      title: t('diff.field'),
      width: 140,
      render: (_value, row) => (
        <Flex gap={4} align="center" wrap>
          <span>{t(`diff.row.${row.field}`)}</span>
          {row.differs && <Tag color="warning">{t('diff.differs')}</Tag>}
        </Flex>
      ),
    },
    { key: 'report', title: t('diff.report'), render: (_value, row) => shown(row.field, row.report) },
    {
      key: 'station',
      title: t('diff.station'),
      render: (_value, row): ReactNode =>
        row.field === 'coordinates' && station ? (
          <Flex vertical>
            <span>{shown(row.field, row.station)}</span>
            <Typography.Text type="secondary">
              {t('diff.distance', { distance: distance(station.distance) })}
            </Typography.Text>
          </Flex>
        ) : (
          shown(row.field, row.station)
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('diff.title')}
      extra={
        stations.length > 0 && (
          <Select
            aria-label={t('diff.nearest')}
            size="small"
            style={{ minWidth: 220, maxWidth: 320 }}
            value={station?.resourceId}
            onChange={onSelect}
            options={stations.map((s) => ({
              value: s.resourceId,
              label: t('diff.stationOption', { name: s.resourceName, distance: distance(s.distance) }),
            }))}
          />
        )
      }
    >
      {station ? (
        <Table<DiffRow>
          rowKey="field"
          size="small"
          // Fixed columns wrap a long fee list instead of pushing the table out of its card.
          tableLayout="fixed"
          style={{ wordBreak: 'break-word' }}
          pagination={false}
          columns={columns}
          dataSource={rows}
          onRow={(row) => ({
            'aria-label': t(`diff.row.${row.field}`),
            style: row.differs ? { background: token.colorWarningBg } : undefined,
          })}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('diff.noStation')} />
      )}
    </Card>
  );
}
