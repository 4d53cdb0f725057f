import { Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PersonalCar } from '@cmp/domain/accounts/car-contracts';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { formatTime, orDash } from '../../components/format';
import { personalCarListPath, useAccountsTenant } from './account-links';
import { useAccountCars } from './accounts-api';
import { BindingStatusTag, carModelName } from './account-parts';

const numberOrDash = (value: number | null): string => (value === null ? '-' : String(value));

/** The cars an account bound in the app (vehicle users/{id}/my-cars), bound ones first. */
export function AccountCars({ accountId }: { accountId: string }) {
  const { t } = useTranslation('accounts');
  const tenant = useAccountsTenant();
  const cars = useAccountCars(accountId);
  if (cars.isError) return <ErrorResult error={cars.error} onRetry={() => void cars.refetch()} />;
  const columns: TableColumnsType<PersonalCar> = [
    {
      key: 'plateNumber',
      title: t('car.plateNumber'),
      render: (_, c) => <Typography.Text strong>{orDash(c.plateNumber)}</Typography.Text>,
    },
    {
      key: 'model',
      title: t('car.model'),
      render: (_, c) => carModelName(c),
    },
    { key: 'color', title: t('car.color'), render: (_, c) => orDash(c.color) },
    {
      key: 'ratedCapacityInKwh',
      title: t('car.ratedCapacityInKwh'),
      align: 'right',
      render: (_, c) => numberOrDash(c.ratedCapacityInKwh),
    },
    {
      key: 'ratedCapacityInAh',
      title: t('car.ratedCapacityInAh'),
      align: 'right',
      render: (_, c) => numberOrDash(c.ratedCapacityInAh),
    },
    {
      key: 'ratedRange',
      title: t('car.ratedRange'),
      align: 'right',
      render: (_, c) => numberOrDash(c.ratedRange),
    },
    {
      key: 'bindingStatus',
      title: t('car.bindingStatus'),
      render: (_, c) => <BindingStatusTag status={c.bindingStatus} />,
    },
    {
      key: 'support',
      title: t('car.support'),
      render: (_, c) =>
        c.isPsSupported || c.isPmSupported ? (
          <Flex gap={4} wrap>
            {c.isPsSupported && <Tag color="cyan">{t('car.swap')}</Tag>}
            {c.isPmSupported && <Tag color="purple">{t('car.powerMobile')}</Tag>}
          </Flex>
        ) : (
          '-'
        ),
    },
    { key: 'vehicleId', title: t('car.vehicleId'), render: (_, c) => c.vehicleId },
    { key: 'createTime', title: t('car.createTime'), render: (_, c) => formatTime(c.createTime) },
  ];
  return (
    <Flex vertical gap={8}>
      <Table<PersonalCar>
        rowKey="vehicleId"
        size="small"
        loading={cars.isPending}
        columns={columns}
        dataSource={cars.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: cars.isPending ? ' ' : <Empty description={t('car.empty')} /> }}
      />
      <Link to={personalCarListPath(tenant, `?userId=${encodeURIComponent(accountId)}`)}>{t('car.all')}</Link>
    </Flex>
  );
}
