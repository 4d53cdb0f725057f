import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Card, Empty, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegionStationCount } from '@cmp/domain/stations/regions';
import { useDescribeError } from '../../api/describe-error';
import { useTenantApi } from '../../api/use-tenant-api';
import { findArea } from '../../app/areas';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { tenantPath } from '../../app/paths';
import { useRegions, useStationsTenant } from '../../components/lookups';
import { matchRegions, regionLevel, toRegionRows, type RegionRow } from './region-rows';

/** A search text is at most this long; longer text names no region. */
const SEARCH_MAX_LENGTH = 32;

/** Stations in each region; they change with every station saved, so they are read again on each visit. */
function useStationCounts() {
  const api = useTenantApi();
  const tenant = useStationsTenant();
  return useQuery({
    queryKey: ['regions', tenant, 'station-counts'],
    queryFn: ({ signal }) =>
      api
        .get<{ items: RegionStationCount[] }>('/regions/station-counts', { signal })
        .then((r) => new Map(r.items.map((item) => [item.regionId, item.stationCount]))),
  });
}

/**
 * The region tree (province → city → district) with each region's code and station count; a city's count
 * opens the operations list filtered by that city, the level the list filters at.
 */
export default function RegionTreePage() {
  const { t } = useTranslation('settings');
  const tenant = useStationsTenant();
  const describe = useDescribeError();
  const regions = useRegions();
  const counts = useStationCounts();
  const [search, setSearch] = useState('');
  const text = useDeferredValue(search.trim());
  // Rows opened by hand, for the search they were opened under; a new search opens its own matches.
  const [opened, setOpened] = useState<{ text: string; keys: string[] }>({ text: '', keys: [] });

  const rows = useMemo(() => toRegionRows(regions.data ?? [], counts.data), [regions.data, counts.data]);
  const found = useMemo(() => (text ? matchRegions(rows, text) : undefined), [rows, text]);
  const expandedKeys = opened.text === text ? opened.keys : (found?.expanded ?? []);

  const stationsPath = (row: RegionRow) => {
    const query = row.path.map((id) => `resourceRegions=${id}`).join('&');
    return tenantPath(tenant, `${findArea('resourceOperations')?.path ?? ''}?${query}`);
  };

  const columns: TableColumnsType<RegionRow> = [
    { key: 'name', dataIndex: 'name', title: t('regions.field.name') },
    {
      key: 'regionId',
      title: t('regions.field.code'),
      width: 160,
      render: (_, row) => <Typography.Text code>{row.regionId}</Typography.Text>,
    },
    {
      key: 'level',
      title: t('regions.field.level'),
      width: 120,
      render: (_, row) => <Tag>{t(`regions.level.${regionLevel(row)}`)}</Tag>,
    },
    {
      key: 'stations',
      title: t('regions.field.stations'),
      width: 160,
      align: 'right',
      render: (_, row) => {
        if (!counts.data) return '-';
        if (regionLevel(row) !== 'city' || row.stationCount === 0) return row.stationCount;
        return (
          <Link to={stationsPath(row)} aria-label={t('regions.openStationsOf', { name: row.name })}>
            {row.stationCount}
          </Link>
        );
      },
    },
  ];

  return (
    <Card title={t('regions.title')}>
      <Typography.Paragraph type="secondary">{t('regions.intro')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('regions.search')}
        aria-label={t('regions.search')}
        maxLength={SEARCH_MAX_LENGTH}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {counts.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('regions.countsFailed', { reason: describe(counts.error) })}
        />
      )}
      {regions.isError ? (
        <ErrorResult error={regions.error} onRetry={() => void regions.refetch()} />
      ) : (
        <Table<RegionRow>
          rowKey="regionId"
          size="middle"
          columns={columns}
          dataSource={found?.rows ?? rows}
          loading={regions.isLoading}
          pagination={false}
          expandable={{
            expandedRowKeys: expandedKeys,
            onExpandedRowsChange: (keys) => setOpened({ text, keys: keys.map(String) }),
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={text ? t('regions.noMatch', { text }) : undefined}
              />
            ),
          }}
        />
      )}
    </Card>
  );
}
