import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Result, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useStationsTenant } from '../../components/lookups';
import { PushBatchForm } from './PushBatchForm';
import { DeliveryCard } from './DeliveryCard';
import { pushBatchListPath } from './push-message-links';
import { pushBatchKeys, usePushBatch } from './push-messages-api';
import { PushBatchStatusTag } from './PushStatusTag';
import { RecipientsCard } from './RecipientsCard';

/**
 * One push batch (`?id=`): its message, its delivery with the push, retry, schedule and empty actions, and
 * its recipients with each one's delivery; without an id, the form of a new batch (spec §7 "Push messages").
 */
export default function PushBatchDetailPage() {
  const { t } = useTranslation('pushMessages');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const idParam = Number(searchParams.get('id'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : undefined;
  const batch = usePushBatch(id);
  // Counts that moved (a push ending, an app acknowledging) refresh the recipient list with the states behind them.
  const queryClient = useQueryClient();
  const delivery = batch.data ? `${batch.data.status} ${Object.values(batch.data.counts).join(' ')}` : '';
  useEffect(() => {
    if (delivery !== '' && id !== undefined)
      void queryClient.invalidateQueries({ queryKey: [...pushBatchKeys.all(tenant, id), 'recipients'] });
  }, [delivery, id, tenant, queryClient]);

  const back = (
    <Link to={pushBatchListPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (id !== undefined) {
    if (batch.isPending) return <PageLoading />;
    if (batch.isError) {
      return batch.error instanceof ApiError && batch.error.status === 404 ? (
        <Result status="404" title={batch.error.message} extra={back} />
      ) : (
        <ErrorResult error={batch.error} onRetry={() => void batch.refetch()} />
      );
    }
  }
  const data = batch.data;
  return (
    <Flex vertical gap={16}>
      {back}
      <Flex align="center" gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {data ? data.title : t('detail.createTitle')}
        </Typography.Title>
        {data && <PushBatchStatusTag status={data.status} />}
      </Flex>
      <Row gutter={16}>
        <Col xs={24} xl={data ? 14 : 24}>
          <Card title={t('detail.message')}>
            <PushBatchForm key={data ? `${data.batchId}-${data.version}` : 'new'} batch={data} />
          </Card>
        </Col>
        {data && (
          <Col xs={24} xl={10}>
            <DeliveryCard batch={data} />
          </Col>
        )}
      </Row>
      {data && <RecipientsCard batch={data} />}
    </Flex>
  );
}
