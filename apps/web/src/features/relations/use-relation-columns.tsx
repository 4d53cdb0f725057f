import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Relation } from '@cmp/domain/accounts/relation-contracts';
import type { SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { EllipsisCell } from '../../components/SearchTable/EllipsisCell';
import { stationDetailPath } from '../../app/screen-links';
import { useStationsTenant } from '../../components/lookups';
import {
  RelationAccount,
  RelationStateTag,
  RelationStateWithUnbinding,
  RelationTypeTag,
} from './relation-parts';
import { UnbindRelationButton } from './UnbindRelationButton';

/**
 * A list of one station's or one account's relations leaves out what every row shares, and to fit a detail
 * page it shows the unbinding inside the state column instead of columns of its own.
 */
export type RelationColumnsOf = 'list' | 'station' | 'account';

const COMPACT = ['relationId', 'unbindReason', 'unbindTime', 'source'];
const LEFT_OUT: Record<RelationColumnsOf, ReadonlySet<string>> = {
  list: new Set(),
  station: new Set(['station', ...COMPACT]),
  account: new Set(['account', 'mobile', ...COMPACT]),
};

/**
 * The relation list's columns (the export's keys), shared by the list screen, a station's Relations tab and
 * an account's relations. The last column unbinds, for operators, while the relation is bound.
 */
export function useRelationColumns(of: RelationColumnsOf = 'list'): SearchTableColumn<Relation>[] {
  const { t } = useTranslation('relations');
  const tenant = useStationsTenant();
  const label = useEnumLabel();

  return useMemo(() => {
    const columns: SearchTableColumn<Relation>[] = [
      {
        key: 'relationId',
        title: t('field.relationId'),
        width: 120,
        sortable: true,
        fixed: 'left',
        render: (r) => r.relationId,
      },
      {
        key: 'station',
        title: t('field.station'),
        width: 220,
        render: (r) => (
          <EllipsisCell tooltip={`${r.resourceName} · ${r.resourceId}`}>
            <Link to={stationDetailPath(tenant, r.resourceType, r.resourceId)}>{r.resourceName}</Link>
          </EllipsisCell>
        ),
      },
      {
        key: 'account',
        title: t('field.account'),
        width: 180,
        render: (r) => <RelationAccount relation={r} />,
      },
      { key: 'mobile', title: t('field.mobile'), width: 130, render: (r) => orDash(r.mobile) },
      {
        key: 'relationType',
        title: t('field.relationType'),
        width: 110,
        render: (r) => <RelationTypeTag type={r.relationType} />,
      },
      of === 'list'
        ? {
            key: 'state',
            title: t('field.state'),
            width: 90,
            render: (r) => <RelationStateTag state={r.state} />,
          }
        : {
            key: 'state',
            title: t('field.state'),
            width: 220,
            render: (r) => <RelationStateWithUnbinding relation={r} />,
          },
      {
        key: 'bindReason',
        title: t('field.bindReason'),
        width: 180,
        ellipsis: true,
        render: (r) => orDash(r.bindReason),
      },
      {
        key: 'bindTime',
        title: t('field.bindTime'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.bindTime),
      },
      {
        key: 'unbindReason',
        title: t('field.unbindReason'),
        width: 200,
        ellipsis: true,
        render: (r) => orDash(r.unbindReason),
      },
      {
        key: 'unbindTime',
        title: t('field.unbindTime'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.unbindTime),
      },
      {
        key: 'source',
        title: t('field.source'),
        width: 100,
        render: (r) => label('relationSource', r.source),
      },
      {
        key: 'resourceOriginId',
        title: t('field.resourceOriginId'),
        width: 150,
        hiddenByDefault: true,
        ellipsis: true,
        render: (r) => orDash(r.resourceOriginId),
      },
      {
        key: 'boundBy',
        title: t('field.boundBy'),
        width: 140,
        hiddenByDefault: true,
        ellipsis: true,
        render: (r) => orDash(r.boundBy),
      },
      {
        key: 'unboundBy',
        title: t('field.unboundBy'),
        width: 140,
        hiddenByDefault: true,
        ellipsis: true,
        render: (r) => orDash(r.unboundBy),
      },
      {
        key: 'actions',
        title: t('list.actions'),
        width: 80,
        fixed: 'right',
        render: (r) => <UnbindRelationButton relation={r} />,
      },
    ];
    return columns.filter((column) => !LEFT_OUT[of].has(column.key));
  }, [t, tenant, label, of]);
}
