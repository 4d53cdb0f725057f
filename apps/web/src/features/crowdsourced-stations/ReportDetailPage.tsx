import { useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Col, Flex, Result, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useStationsTenant } from '../../components/lookups';
import { DuplicateCandidates } from './DuplicateCandidates';
import { useReportDetail } from './report-detail-hooks';
import { reportListPath, reviewQueuePath } from './report-links';
import { ReportDiff } from './ReportDiff';
import { ReporterCard } from './ReporterCard';
import { ReportHeader } from './ReportHeader';
import { ReportMap } from './ReportMap';
import { ReportPictures } from './ReportPictures';

/**
 * The review page of one crowd-sourced report (`?objectId=`, spec C3.11.8, C4.11–C4.14): the report beside
 * the network stations nearest to it, field by field and on the map, its possible duplicates, its reporter
 * and pictures, and the operator's review, going online, edit and delete.
 */
export default function ReportDetailPage() {
  const { t } = useTranslation('crowdsourcedReview');
  const tenant = useStationsTenant();
  const [params] = useSearchParams();
  const location = useLocation();
  const objectId = params.get('objectId')?.trim() || undefined;
  const detail = useReportDetail(objectId);
  const [comparedId, setComparedId] = useState<string>();

  // Back to where the reviewer opened the report (the queue, the list with its filters, an account), else the list.
  const from = (location.state as { from?: string } | null)?.from;
  const backLabel =
    from === undefined
      ? 'detail.back'
      : from.startsWith(reviewQueuePath(tenant))
        ? 'detail.backToQueue'
        : from.startsWith(reportListPath(tenant))
          ? 'detail.back'
          : 'detail.backPrevious';
  const back = (
    <Link to={from ?? reportListPath(tenant)}>
      <ArrowLeftOutlined /> {t(backLabel)}
    </Link>
  );
  if (objectId === undefined) return <Result status="warning" title={t('detail.missingId')} extra={back} />;
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) {
    return detail.error instanceof ApiError && detail.error.status === 404 ? (
      <Result status="404" title={t('detail.notFound')} extra={back} />
    ) : (
      <ErrorResult error={detail.error} onRetry={() => void detail.refetch()} />
    );
  }
  const { report, nearestStations } = detail.data;
  const compared = nearestStations.find((s) => s.resourceId === comparedId) ?? nearestStations[0];
  return (
    <Flex vertical gap={16}>
      {back}
      <ReportHeader detail={detail.data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ReportDiff
            report={report}
            stations={nearestStations}
            station={compared}
            onSelect={setComparedId}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ReportMap report={report} stations={nearestStations} compared={compared} />
        </Col>
      </Row>
      <DuplicateCandidates report={report} stations={nearestStations} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ReporterCard detail={detail.data} />
        </Col>
        <Col xs={24} xl={12}>
          <ReportPictures report={report} />
        </Col>
      </Row>
    </Flex>
  );
}
