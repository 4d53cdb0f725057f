import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChargingPathListItem } from '@cmp/domain/charging-paths/charging-path-contracts';
import type { SearchTableColumn } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { accountDetailPath, chargingPathDetailPath, useChargingPathsTenant } from './charging-path-links';
import { kmOf, PathRating, PathStatusTag, PlanTagLabel, useDuration } from './path-parts';

/** The columns an account's own paths leave out: they are all that account's. */
const USER_COLUMNS = new Set(['user', 'mobile', 'userAccountId', 'tenantName']);

/**
 * The path list's columns, keyed as the export names them; shared by the list screen and an account's paths
 * (`compact`: without the user's own columns).
 */
export function usePathColumns({ compact = false }: { compact?: boolean } = {}) {
  const { t } = useTranslation('chargingPaths');
  const tenant = useChargingPathsTenant();
  const duration = useDuration();

  return useMemo(() => {
    const km = (metres: number) => t('unit.km', { value: kmOf(metres) });
    const columns: SearchTableColumn<ChargingPathListItem>[] = [
      {
        key: 'pathId',
        title: t('field.pathId'),
        width: 100,
        fixed: 'left',
        render: (p) => (
          <Link
            to={chargingPathDetailPath(tenant, p.pathId)}
            aria-label={t('list.openPath', { pathId: p.pathId })}
          >
            {p.pathId}
          </Link>
        ),
      },
      {
        key: 'searchTime',
        title: t('field.searchTime'),
        width: 165,
        sortable: true,
        render: (p) => formatTime(p.searchTime),
      },
      {
        key: 'user',
        title: t('field.user'),
        width: 130,
        render: (p) => (
          <Flex vertical>
            <Link to={accountDetailPath(tenant, p.userAccountId)}>
              {p.name ?? p.nickname ?? p.userAccountId}
            </Link>
            {p.name && p.nickname && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.nickname}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      { key: 'mobile', title: t('field.mobile'), width: 120, render: (p) => orDash(p.mobile) },
      {
        key: 'origPoi',
        title: t('field.origPoi'),
        width: 130,
        ellipsis: true,
        render: (p) => p.orig_poi.name,
      },
      {
        key: 'destPoi',
        title: t('field.destPoi'),
        width: 130,
        ellipsis: true,
        render: (p) => p.dest_poi.name,
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 100,
        render: (p) => <PathStatusTag status={p.status} />,
      },
      {
        key: 'commentaryRating',
        title: t('field.commentaryRating'),
        width: 130,
        render: (p) => <PathRating rating={p.commentaryRating} />,
      },
      { key: 'tag', title: t('field.tag'), width: 110, render: (p) => <PlanTagLabel tag={p.tag} /> },
      {
        key: 'distance',
        title: t('field.distance'),
        width: 110,
        align: 'right',
        render: (p) => km(p.distance),
      },
      {
        key: 'duration',
        title: t('field.duration'),
        width: 130,
        align: 'right',
        render: (p) => (p.status === 'no_route' ? '-' : duration(p.duration)),
      },
      {
        key: 'vehicleModel',
        title: t('field.vehicleModel'),
        width: 110,
        render: (p) => orDash(p.vehicleModel),
      },
      {
        key: 'ratedRange',
        title: t('field.ratedRange'),
        width: 110,
        align: 'right',
        render: (p) => t('unit.km', { value: p.ratedRange }),
      },
      {
        key: 'currentRange',
        title: t('field.currentRange'),
        width: 110,
        align: 'right',
        render: (p) => t('unit.km', { value: p.currentRange }),
      },
      {
        key: 'userAccountId',
        title: t('field.userAccountId'),
        width: 130,
        hiddenByDefault: true,
        render: (p) => p.userAccountId,
      },
      {
        key: 'vehicleId',
        title: t('field.vehicleId'),
        width: 130,
        hiddenByDefault: true,
        render: (p) => orDash(p.vehicleId),
      },
      {
        key: 'tenantName',
        title: t('field.tenantName'),
        width: 90,
        hiddenByDefault: true,
        render: (p) => p.tenantName,
      },
    ];
    return compact ? columns.filter((column) => !USER_COLUMNS.has(column.key)) : columns;
  }, [t, tenant, duration, compact]);
}
