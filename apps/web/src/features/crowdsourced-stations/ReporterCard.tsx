import { Alert, Avatar, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrowdsourcedStationDetail } from '@cmp/domain/stations/crowdsourced-stations';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { accountPath } from '../accounts/account-links';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { isPlaceholderAccount, useReporter } from './report-detail-hooks';
import { reportDetailPath } from './report-links';
import { ReviewStatusTag } from './report-parts';

/**
 * Who sent the report: the account's nickname and mobile (the server masks it for viewers), a way to the
 * account's page, and the other reports of the same account. An account the look-up does not find is said
 * so rather than failing the page.
 */
export function ReporterCard({ detail }: { detail: CrowdsourcedStationDetail }) {
  const { t } = useTranslation('crowdsourcedReview');
  const { report } = detail;
  return (
    <Card size="small" title={t('reporter.title')}>
      {report.creatorAccountId === null ? (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'none', label: t('reporter.accountId'), children: t('reporter.none') },
            { key: 'createUser', label: t('field.createUser'), children: orDash(report.createUser) },
          ]}
        />
      ) : (
        <Flex vertical gap={12}>
          <ReporterAccount detail={detail} accountId={report.creatorAccountId} />
          <OtherReports detail={detail} />
        </Flex>
      )}
    </Card>
  );
}

function ReporterAccount({ detail, accountId }: { detail: CrowdsourcedStationDetail; accountId: string }) {
  const { t } = useTranslation('crowdsourcedReview');
  const tenant = useStationsTenant();
  const reporter = useReporter(accountId);
  const { report } = detail;
  if (reporter.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (reporter.isError) return <ErrorResult error={reporter.error} onRetry={() => void reporter.refetch()} />;
  const profile = reporter.data;
  if (isPlaceholderAccount(profile.accountId)) {
    return (
      <Flex vertical gap={8}>
        <Alert type="warning" showIcon title={t('reporter.notFound')} />
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'accountId', label: t('reporter.accountId'), children: accountId },
            { key: 'nickName', label: t('reporter.nickName'), children: orDash(report.createUserNickName) },
            { key: 'mobile', label: t('reporter.mobile'), children: orDash(report.createUserMobile) },
          ]}
        />
      </Flex>
    );
  }
  const nickName = profile.nickName ?? report.createUserNickName;
  return (
    <Flex gap={12} align="flex-start">
      <Avatar src={profile.avatar ?? undefined}>{(nickName ?? accountId).slice(0, 1)}</Avatar>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'nickName', label: t('reporter.nickName'), children: orDash(nickName) },
          {
            key: 'mobile',
            label: t('reporter.mobile'),
            children: orDash(report.createUserMobile ?? profile.mobile),
          },
          {
            key: 'accountId',
            label: t('reporter.accountId'),
            children: (
              <Flex gap={8} wrap>
                <Typography.Text copyable>{accountId}</Typography.Text>
                <Link to={accountPath(tenant, accountId)}>{t('reporter.openAccount')}</Link>
              </Flex>
            ),
          },
          ...(profile.usualCity
            ? [{ key: 'usualCity', label: t('reporter.usualCity'), children: profile.usualCity }]
            : []),
        ]}
      />
    </Flex>
  );
}

function OtherReports({ detail }: { detail: CrowdsourcedStationDetail }) {
  const { t } = useTranslation('crowdsourcedReview');
  const tenant = useStationsTenant();
  const others = detail.reporterReports.filter((other) => other.objectId !== detail.report.objectId);
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>
        {t('reporter.otherReports')}
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
          {t('reporter.reportCount', { count: detail.reporterReportCount })}
        </Typography.Text>
      </Typography.Text>
      {others.length === 0 ? (
        <Typography.Text type="secondary">{t('reporter.noOtherReports')}</Typography.Text>
      ) : (
        others.map((other) => (
          <Flex key={other.objectId} gap={8} align="center" justify="space-between" wrap>
            <Flex gap={8} align="center" wrap>
              <Link to={reportDetailPath(tenant, other.objectId)}>{other.stationName}</Link>
              <ReviewStatusTag status={other.stationStatus} />
            </Flex>
            <Typography.Text type="secondary">{formatTime(other.createdAt)}</Typography.Text>
          </Flex>
        ))
      )}
    </Flex>
  );
}
