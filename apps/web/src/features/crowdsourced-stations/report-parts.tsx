import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrowdsourcedStation, ReportReviewStatus } from '@cmp/domain/stations/crowdsourced-stations';
import { REPORT_ONLINE_STATUSES } from '@cmp/domain/stations/crowdsourced-stations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { accountPath } from '../accounts/account-links';
import { useStationsTenant } from '../../components/lookups';
import { reportStationPath } from './report-links';

const REVIEW_COLORS: Record<ReportReviewStatus, string> = { 0: 'processing', 1: 'success', 2: 'error' };

export function ReviewStatusTag({ status }: { status: ReportReviewStatus }) {
  const label = useEnumLabel();
  return <Tag color={REVIEW_COLORS[status]}>{label('reportReviewStatus', status)}</Tag>;
}

/** Whether the report is online, and once it is, the station it became. */
export function OnlineStatus({ report }: { report: CrowdsourcedStation }) {
  const { t } = useTranslation('crowdsourcedStations');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const text = label('reportOnlineStatus', report.onlineStatus);
  if (report.onlineStatus !== REPORT_ONLINE_STATUSES.online || report.stationId === null) return text;
  return (
    <Link to={reportStationPath(tenant, report.stationId)} title={t('list.openStation')}>
      {text}
    </Link>
  );
}

/** The reporter's nickname and mobile (masked for viewers), opening the account page when there is one. */
export function ReportReporter({ report }: { report: CrowdsourcedStation }) {
  const { t } = useTranslation('crowdsourcedStations');
  const tenant = useStationsTenant();
  const name = report.createUserNickName ?? report.creatorAccountId ?? t('list.unknownReporter');
  return (
    <Flex vertical>
      <Typography.Text ellipsis={{ tooltip: name }}>
        {report.creatorAccountId ? (
          <Link to={accountPath(tenant, report.creatorAccountId)}>{name}</Link>
        ) : (
          name
        )}
      </Typography.Text>
      {report.createUserMobile && (
        <Typography.Text type="secondary">{report.createUserMobile}</Typography.Text>
      )}
    </Flex>
  );
}

/** A warning with the number of stations and open reports near the report when it came in. */
export function DuplicateFlag({ report }: { report: CrowdsourcedStation }) {
  const { t } = useTranslation('crowdsourcedStations');
  const count = report.duplicateCandidates.length;
  return count > 0 ? <Tag color="warning">{t('list.duplicates', { count })}</Tag> : '-';
}

export function BlindSpotFlag({ report }: { report: CrowdsourcedStation }) {
  const { t } = useTranslation('crowdsourcedStations');
  return report.isChargingBlindSpot ? <Tag color="purple">{t('list.blindSpot')}</Tag> : '-';
}
