import { useMemo } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Flex, Result, Row, Statistic, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OperationListItem } from '@cmp/domain/stations/operation-list-item';
import type { OperatorDetail } from '@cmp/domain/stations/operators';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { stationDetailPath } from '../../app/screen-links';
import { hasRole } from '../../app/session/roles';
import { useCurrentUser } from '../../app/session/current-user';
import { PagedTable, searchTableQueryKey, type SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { OperatorForm, toOperatorFields, toOperatorForm, type OperatorFormValues } from './OperatorForm';
import {
  operatorKeys,
  operatorListPath,
  useOperatorSaveError,
  useOperatorsApi,
  useOperatorsTenant,
} from './operators-api';

/**
 * One operator (`?operatorId=`): its fields, editable by operators of the tenant, its equipment owner,
 * and the stations it runs with their counts, each opening the station's own page.
 */
export default function OperatorDetailPage() {
  const { t } = useTranslation('operators');
  const tenant = useOperatorsTenant();
  const api = useOperatorsApi();
  const operatorId = useSearchParams()[0].get('operatorId') ?? '';
  const detail = useQuery({
    queryKey: operatorKeys.detail(tenant, operatorId),
    queryFn: ({ signal }) => api.get(operatorId, signal),
    enabled: operatorId !== '',
  });
  const back = (
    <Link to={operatorListPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (operatorId === '') return <Result status="warning" title={t('detail.missingId')} extra={back} />;
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) {
    return detail.error instanceof ApiError && detail.error.status === 404 ? (
      <Result status="404" title={t('detail.notFound')} extra={back} />
    ) : (
      <ErrorResult error={detail.error} onRetry={() => void detail.refetch()} />
    );
  }
  const operator = detail.data;
  return (
    <Flex vertical gap={16}>
      {back}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <OperatorCard operator={operator} />
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <OwnerCard operator={operator} />
            <CountsCard operator={operator} />
          </Flex>
        </Col>
      </Row>
      <StationsCard operator={operator} />
    </Flex>
  );
}

function OperatorCard({ operator }: { operator: OperatorDetail }) {
  const tenant = useOperatorsTenant();
  const api = useOperatorsApi();
  const saveError = useOperatorSaveError();
  const queryClient = useQueryClient();
  const canEdit = hasRole(useCurrentUser(), tenant, 'operator');
  // A stable object, so the form resets only when the operator itself changes.
  const initialValues = useMemo(() => toOperatorForm(operator), [operator]);
  const submit = async (values: OperatorFormValues) => {
    const saved = await api
      .update(operator.operatorId, { ...toOperatorFields(values), updatedAt: operator.updatedAt })
      .catch((error: unknown) => {
        throw saveError(error);
      });
    queryClient.setQueryData(operatorKeys.detail(tenant, operator.operatorId), saved);
    void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, 'operators.list') });
  };
  return (
    <Card title={<span data-testid="operator-title">{operator.operatorName}</span>}>
      <OperatorForm defaultMode="view" initialValues={initialValues} onSubmit={submit} editable={canEdit} />
    </Card>
  );
}

function OwnerCard({ operator }: { operator: OperatorDetail }) {
  const { t } = useTranslation('operators');
  return (
    <Card title={t('detail.ownerCard')}>
      {operator.equipmentOwnerId === null ? (
        t('detail.noOwner')
      ) : (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('field.equipmentOwnerName')}>
            {operator.equipmentOwnerName}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.equipmentOwnerId')}>
            {operator.equipmentOwnerId}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.operatorOrganizationCode')}>
            {operator.equipmentOwnerOrganizationCode ?? '-'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

function CountsCard({ operator }: { operator: OperatorDetail }) {
  const { t } = useTranslation('operators');
  const counts = operator.stationCounts;
  return (
    <Card title={t('detail.countsCard')}>
      <Row gutter={16}>
        <Col span={6}>
          <Statistic title={t('counts.total')} value={counts.total} />
        </Col>
        <Col span={6}>
          <Statistic title={t('counts.active')} value={counts.active} />
        </Col>
        <Col span={6}>
          <Statistic title={t('counts.chargeStations')} value={counts.chargeStations} />
        </Col>
        <Col span={6}>
          <Statistic title={t('counts.swapStations')} value={counts.swapStations} />
        </Col>
      </Row>
    </Card>
  );
}

function StationsCard({ operator }: { operator: OperatorDetail }) {
  const { t } = useTranslation('operators');
  const tenant = useOperatorsTenant();
  const api = useOperatorsApi();
  const enumLabel = useEnumLabel();
  const columns = useMemo<SearchTableColumn<OperationListItem>[]>(
    () => [
      {
        key: 'resourceName',
        title: t('station.resourceName'),
        width: 260,
        ellipsis: true,
        render: (row) => (
          <Link to={stationDetailPath(tenant, row.resourceType, row.resourceId)}>{row.resourceName}</Link>
        ),
      },
      {
        key: 'resourceId',
        title: t('station.resourceId'),
        width: 170,
        ellipsis: true,
        render: (row) => row.resourceId,
      },
      {
        key: 'resourceType',
        title: t('station.resourceType'),
        width: 110,
        render: (row) => enumLabel('operationListResourceType', row.resourceType),
      },
      {
        key: 'region',
        title: t('station.region'),
        width: 200,
        ellipsis: true,
        render: (row) => row.region ?? '-',
      },
      {
        key: 'active',
        title: t('station.active'),
        width: 90,
        render: (row) =>
          row.active ? <Tag color="success">{t('station.online')}</Tag> : <Tag>{t('station.offline')}</Tag>,
      },
      {
        key: 'address',
        title: t('station.address'),
        width: 280,
        ellipsis: true,
        render: (row) => row.address ?? '-',
      },
    ],
    [t, tenant, enumLabel],
  );
  return (
    <Card title={t('detail.stationsCard', { count: operator.stationCounts.total })}>
      <PagedTable<OperationListItem>
        rowKey="resourceId"
        columns={columns}
        queryKey={(pageNo) => operatorKeys.stations(tenant, operator.operatorId, pageNo)}
        load={(pageNo, signal) => api.stations(operator.operatorId, pageNo, signal)}
        empty={t('detail.noStations')}
      />
    </Card>
  );
}
