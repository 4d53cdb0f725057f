import { useMemo } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CrowdsourcedStation } from '@cmp/domain/stations/crowdsourced-stations';
import type { SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { reportDetailPath } from './report-links';
import { BlindSpotFlag, DuplicateFlag, OnlineStatus, ReportReporter, ReviewStatusTag } from './report-parts';

/**
 * The review queue shows only pending reports and opens each for review; an account's reports leave out the
 * reporter every row shares.
 */
export type ReportColumnsOf = 'list' | 'queue' | 'account';

const LEFT_OUT: Record<ReportColumnsOf, ReadonlySet<string>> = {
  list: new Set(['review']),
  queue: new Set(['stationStatus', 'onlineStatus', 'reviewUser', 'reviewTime']),
  account: new Set(['reporter', 'reviewUser', 'review', 'operator', 'stationId', 'updatedAt']),
};

/** The report list's columns (the export's keys, `crowdsourced-stations.export.ts`), shared by the list, the review queue and an account's tab. */
export function useReportColumns(of: ReportColumnsOf = 'list'): SearchTableColumn<CrowdsourcedStation>[] {
  const { t } = useTranslation('crowdsourcedStations');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const { pathname, search } = useLocation();
  // The review page goes back to where the reviewer opened it, with its filters.
  const state = useMemo(() => ({ from: `${pathname}${search}` }), [pathname, search]);

  return useMemo(() => {
    const columns: SearchTableColumn<CrowdsourcedStation>[] = [
      {
        key: 'objectId',
        title: t('field.objectId'),
        width: 200,
        fixed: 'left',
        render: (r) => (
          <Link to={reportDetailPath(tenant, r.objectId)} state={state}>
            {r.objectId}
          </Link>
        ),
      },
      {
        key: 'stationName',
        title: t('field.stationName'),
        width: 200,
        render: (r) => (
          <Typography.Text ellipsis={{ tooltip: r.stationName }}>{r.stationName}</Typography.Text>
        ),
      },
      {
        key: 'source',
        title: t('field.source'),
        width: 100,
        render: (r) => label('reportedStationSource', r.source),
      },
      {
        key: 'area',
        title: t('field.area'),
        width: 160,
        ellipsis: true,
        render: (r) => orDash(r.areaName ?? r.areaCode),
      },
      { key: 'address', title: t('field.address'), width: 220, ellipsis: true, render: (r) => r.address },
      {
        key: 'reporter',
        title: t('field.reporter'),
        width: 160,
        render: (r) => <ReportReporter report={r} />,
      },
      {
        key: 'stationStatus',
        title: t('field.stationStatus'),
        width: 110,
        render: (r) => <ReviewStatusTag status={r.stationStatus} />,
      },
      {
        key: 'onlineStatus',
        title: t('field.onlineStatus'),
        width: 100,
        render: (r) => <OnlineStatus report={r} />,
      },
      {
        key: 'isChargingBlindSpot',
        title: t('field.chargingBlindSpot'),
        width: 100,
        render: (r) => <BlindSpotFlag report={r} />,
      },
      {
        key: 'suspectedDuplicate',
        title: t('field.suspectedDuplicate'),
        width: 130,
        render: (r) => <DuplicateFlag report={r} />,
      },
      {
        key: 'createdAt',
        title: t('field.createdAt'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.createdAt),
      },
      {
        key: 'reviewUser',
        title: t('field.reviewUser'),
        width: 130,
        ellipsis: true,
        render: (r) => orDash(r.reviewUser),
      },
      {
        key: 'reviewTime',
        title: t('field.reviewTime'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.reviewTime),
      },
      {
        key: 'operator',
        title: t('field.operatorName'),
        width: 160,
        hiddenByDefault: true,
        ellipsis: true,
        render: (r) => orDash(r.operatorName ?? r.otherOperatorName),
      },
      {
        key: 'stationId',
        title: t('field.stationId'),
        width: 180,
        hiddenByDefault: true,
        ellipsis: true,
        render: (r) => orDash(r.stationId),
      },
      {
        key: 'updatedAt',
        title: t('field.updatedAt'),
        width: 170,
        sortable: true,
        hiddenByDefault: true,
        render: (r) => formatTime(r.updatedAt),
      },
      {
        key: 'review',
        title: t('list.actions'),
        width: 80,
        fixed: 'right',
        render: (r) => (
          <Link to={reportDetailPath(tenant, r.objectId)} state={state}>
            {t('queue.review')}
          </Link>
        ),
      },
    ];
    return columns.filter((column) => !LEFT_OUT[of].has(column.key));
  }, [t, tenant, label, of, state]);
}
