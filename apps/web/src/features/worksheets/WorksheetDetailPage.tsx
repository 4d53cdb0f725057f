import { Button, Card, Descriptions, Flex, Result, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { formatTime, orDash } from '../../components/format';
import { stationDetailPath, worksheetListPath } from '../../app/screen-links';
import { useStationsTenant } from '../../components/lookups';
import { WorksheetCloseButton } from './WorksheetCloseButton';
import { WorksheetStatusTag } from './WorksheetStatusTag';
import { useWorksheet } from './worksheets-api';

const paragraph = (text: string | null) => (
  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{orDash(text)}</Typography.Paragraph>
);

const idOf = (raw: string | null): number | undefined => {
  const id = Number(raw);
  return raw !== null && Number.isInteger(id) && id > 0 ? id : undefined;
};

/** One worksheet (`?worksheetId=`), with its station and, while open, the close action. */
export default function WorksheetDetailPage() {
  const { t } = useTranslation('worksheets');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const worksheetId = idOf(searchParams.get('worksheetId'));
  const query = useWorksheet(worksheetId);

  const back = (
    <Link to={worksheetListPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );

  if (worksheetId === undefined)
    return <Result status="warning" title={t('detail.missingId')} extra={back} />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <Result status="404" title={t('detail.notFound')} extra={back} />
    ) : (
      <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
    );
  }

  const w = query.data;
  const station = stationDetailPath(tenant, w.resourceType, w.resourceId);
  return (
    <Flex vertical gap={16}>
      {back}
      <Card
        title={
          <Flex gap={8} align="center">
            <span>{t('detail.title', { worksheetId: w.worksheetId })}</span>
            <WorksheetStatusTag status={w.status} />
          </Flex>
        }
        extra={<WorksheetCloseButton worksheet={w} />}
      >
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="middle"
          items={[
            { key: 'title', label: t('field.title'), span: 2, children: w.title },
            {
              key: 'description',
              label: t('field.description'),
              span: 2,
              children: paragraph(w.description),
            },
            {
              key: 'station',
              label: t('field.station'),
              children: <Link to={station}>{w.resourceName}</Link>,
            },
            {
              key: 'resourceId',
              label: t('field.resourceId'),
              children: <Typography.Text copyable>{w.resourceId}</Typography.Text>,
            },
            { key: 'creatorName', label: t('field.creatorName'), children: w.creatorName },
            { key: 'createTime', label: t('field.createTime'), children: formatTime(w.createTime) },
            { key: 'updateTime', label: t('field.updateTime'), children: formatTime(w.updateTime) },
            { key: 'status', label: t('field.status'), children: <WorksheetStatusTag status={w.status} /> },
            ...(w.status === 'closed'
              ? [
                  { key: 'closedByName', label: t('field.closedByName'), children: orDash(w.closedByName) },
                  { key: 'closeTime', label: t('field.closeTime'), children: formatTime(w.closeTime) },
                  {
                    key: 'closeRemark',
                    label: t('field.closeRemark'),
                    span: 2,
                    children: paragraph(w.closeRemark),
                  },
                ]
              : []),
          ]}
        />
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Button onClick={() => void navigate(station)}>{t('detail.openStation')}</Button>
        </Flex>
      </Card>
    </Flex>
  );
}
