import { useMemo } from 'react';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BINDING_STATUSES,
  type PersonalCarItem,
  PersonalCarListQuerySchema,
} from '@cmp/domain/accounts/car-contracts';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter, type SearchTableColumn } from '../../components';
import type { SearchTableParams } from '../../components/SearchTable/filters';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { accountPath, useAccountsTenant } from './account-links';
import { PERSONAL_CAR_LIST, useAccountsApi } from './accounts-api';
import { BindingStatusTag, carModelName } from './account-parts';

const FILTERS = ['userId', 'plateNumber', 'bindingStatus', 'model'] as const;

/** The list's filter as the contract takes it: the filter fields given, the page and order. */
export function toPersonalCarQuery(params: SearchTableParams) {
  const picked = Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = params[name];
      return typeof value === 'string' && value.trim() !== '' ? [[name, value.trim()]] : [];
    }),
  );
  const { pageNo, pageSize, sort } = params;
  return { ...picked, ...(sort ? { sort } : {}), pageNo, pageSize };
}

/** Every personal car of the tenant's users (spec C2.15): by account, plate, binding status and model. */
export default function PersonalCarListPage() {
  const { t } = useTranslation('accounts');
  const tenant = useAccountsTenant();
  const accounts = useAccountsApi();
  const label = useEnumLabel();

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'userId', label: t('carList.filter.userId') },
      { type: 'input', name: 'plateNumber', label: t('carList.filter.plateNumber') },
      {
        type: 'select',
        name: 'bindingStatus',
        label: t('carList.filter.bindingStatus'),
        options: BINDING_STATUSES.map((value) => ({ value, label: label('bindingStatus', value) })),
      },
      { type: 'input', name: 'model', label: t('carList.filter.model') },
    ],
    [t, label],
  );
  const columns = useMemo<SearchTableColumn<PersonalCarItem>[]>(
    () => [
      {
        key: 'plateNumber',
        title: t('car.plateNumber'),
        sortable: true,
        render: (c) => orDash(c.plateNumber),
      },
      { key: 'vehicleId', title: t('car.vehicleId'), width: 190 },
      {
        key: 'owner',
        title: t('car.owner'),
        width: 180,
        ellipsis: true,
        render: (c) => (
          <Link to={accountPath(tenant, c.userId)}>
            {[c.ownerNickName, c.ownerName].filter(Boolean).join(' / ') || c.userId}
          </Link>
        ),
      },
      { key: 'userId', title: t('car.userId'), hiddenByDefault: true },
      {
        key: 'model',
        title: t('car.model'),
        width: 140,
        render: (c) => carModelName(c),
      },
      { key: 'color', title: t('car.color'), width: 90, render: (c) => orDash(c.color) },
      {
        key: 'ratedCapacityInKwh',
        title: t('car.ratedCapacityInKwh'),
        align: 'right',
        render: (c) => c.ratedCapacityInKwh ?? '-',
      },
      { key: 'ratedRange', title: t('car.ratedRange'), align: 'right', render: (c) => c.ratedRange ?? '-' },
      {
        key: 'bindingStatus',
        title: t('car.bindingStatus'),
        render: (c) => <BindingStatusTag status={c.bindingStatus} />,
      },
      {
        key: 'support',
        title: t('car.support'),
        width: 120,
        render: (c) => (
          <Flex gap={4} wrap>
            {c.isPsSupported && <Tag color="cyan">{t('car.swap')}</Tag>}
            {c.isPmSupported && <Tag color="purple">{t('car.powerMobile')}</Tag>}
          </Flex>
        ),
      },
      {
        key: 'updateTime',
        title: t('car.updateTime'),
        sortable: true,
        render: (c) => formatTime(c.updateTime),
      },
      {
        key: 'createTime',
        title: t('car.createTime'),
        sortable: true,
        hiddenByDefault: true,
        render: (c) => formatTime(c.createTime),
      },
    ],
    [t, tenant],
  );

  return (
    <SearchTable<PersonalCarItem>
      querySchema={PersonalCarListQuerySchema}
      persistKey={PERSONAL_CAR_LIST}
      tenant={tenant}
      rowKey="vehicleId"
      title={t('carList.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) => accounts.carList(toPersonalCarQuery(params), signal)}
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}/personal-cars/export`}
          query={toPersonalCarQuery(params)}
          columns={shown}
          fileName="personal-cars"
        />,
      ]}
    />
  );
}
