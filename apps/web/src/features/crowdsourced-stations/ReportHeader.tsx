import { Alert, Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_DUPLICATE_RADIUS_METERS,
  REPORT_ONLINE_STATUSES,
  REPORT_REVIEW_STATUSES,
  type CrowdsourcedStationDetail,
} from '@cmp/domain/stations/crowdsourced-stations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { ReportActions } from './ReportActions';
import { ReviewStatusTag } from './report-parts';
import { stationPagePath } from './review-parts';

/**
 * The report's name with its review, online and source state, the operator's actions, what needs the
 * reviewer's attention first (a blind spot, possible duplicates, an online station), and its bookkeeping.
 */
export function ReportHeader({ detail }: { detail: CrowdsourcedStationDetail }) {
  const { t } = useTranslation('crowdsourcedReview');
  const label = useEnumLabel();
  const tenant = useStationsTenant();
  const { report, nearestStations } = detail;
  const online = report.onlineStatus === REPORT_ONLINE_STATUSES.online;
  const stationLink = (stationId: string) => (
    <Link to={stationPagePath(tenant, stationId, nearestStations)}>{t('header.viewStation')}</Link>
  );
  const duplicates = report.duplicateCandidates.length;

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <span>{report.stationName}</span>
          <ReviewStatusTag status={report.stationStatus} />
          <Tag color={online ? 'success' : 'default'}>{label('reportOnlineStatus', report.onlineStatus)}</Tag>
          <Tag>{label('reportedStationSource', report.source)}</Tag>
        </Flex>
      }
      extra={<ReportActions report={report} />}
    >
      <Flex vertical gap={12}>
        {online && report.stationId && (
          <Alert
            type="success"
            showIcon
            title={t('header.online', { stationId: report.stationId })}
            action={stationLink(report.stationId)}
          />
        )}
        {report.isChargingBlindSpot && (
          <Alert
            type="info"
            showIcon
            title={t('header.blindSpot')}
            description={
              report.chargingBlindSpotId || report.chargingBlindSpotLongitude !== null
                ? t('header.blindSpotAt', {
                    id: orDash(report.chargingBlindSpotId),
                    longitude: report.chargingBlindSpotLongitude ?? '-',
                    latitude: report.chargingBlindSpotLatitude ?? '-',
                  })
                : undefined
            }
          />
        )}
        {duplicates > 0 && !online && report.stationStatus !== REPORT_REVIEW_STATUSES.rejected && (
          <Alert
            type="warning"
            showIcon
            title={t(
              report.stationStatus === REPORT_REVIEW_STATUSES.approved
                ? 'header.duplicatesBeforeOnline'
                : 'header.duplicates',
              { count: duplicates, radius: DEFAULT_DUPLICATE_RADIUS_METERS },
            )}
          />
        )}
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'objectId', label: t('field.objectId'), children: report.objectId },
            { key: 'area', label: t('field.area'), children: orDash(report.areaName ?? report.areaCode) },
            { key: 'address', label: t('field.address'), children: report.address },
            { key: 'createdAt', label: t('field.createdAt'), children: formatTime(report.createdAt) },
            { key: 'updatedAt', label: t('field.updatedAt'), children: formatTime(report.updatedAt) },
            { key: 'createUser', label: t('field.createUser'), children: orDash(report.createUser) },
            { key: 'reviewUser', label: t('field.reviewUser'), children: orDash(report.reviewUser) },
            { key: 'reviewTime', label: t('field.reviewTime'), children: formatTime(report.reviewTime) },
            {
              key: 'station',
              label: t('field.station'),
              children: report.stationId ? (
                <Flex gap={8} wrap>
                  <span>{report.stationId}</span>
                  {stationLink(report.stationId)}
                </Flex>
              ) : (
                '-'
              ),
            },
            ...(report.stationStatus === REPORT_REVIEW_STATUSES.rejected
              ? [
                  {
                    key: 'rejectReason',
                    label: t('field.rejectReason'),
                    children: orDash(report.rejectReason),
                  },
                ]
              : []),
            ...(report.siteGuide
              ? [
                  {
                    key: 'siteGuide',
                    label: t('field.siteGuide'),
                    children: report.siteGuide,
                    span: 'filled' as const,
                  },
                ]
              : []),
            ...(report.remark
              ? [
                  {
                    key: 'remark',
                    label: t('field.remark'),
                    children: report.remark,
                    span: 'filled' as const,
                  },
                ]
              : []),
          ]}
        />
      </Flex>
    </Card>
  );
}
