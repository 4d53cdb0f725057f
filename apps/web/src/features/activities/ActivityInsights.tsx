import { lazy, Suspense } from 'react';
import { Alert, Empty, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import { formatTime } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { activityKeys, useActivitiesApi } from './activities-api';
import { activityDetailPath } from './activity-links';

const RewardChart = lazy(() => import('./RewardChart'));

/** The rewards per day as a chart, once the activity has given any. */
export function RewardTimelineChart({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const activities = useActivitiesApi();
  const given = activity.rewardStatistics.totalRedPacket > 0 || activity.rewardStatistics.totalNioPoint > 0;
  const timeline = useQuery({
    queryKey: activityKeys.rewards(tenant, activity.activityId),
    queryFn: ({ signal }) => activities.rewardTimeline(activity.activityId, signal),
    enabled: given,
  });
  if (!given) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noRewards')} />;
  if (!timeline.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RewardChart timeline={timeline.data} />
    </Suspense>
  );
}

/**
 * For a charging discount not finished: the other discounts that meet it in time on shared stations, where
 * users get the lower of the two prices.
 */
export function DiscountOverlapWarning({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const activities = useActivitiesApi();
  const applies = activity.activityType === 'charging_discount' && activity.activityStatus !== 'finished';
  const overlaps = useQuery({
    queryKey: activityKeys.overlaps(tenant, activity.activityId),
    queryFn: ({ signal }) => activities.overlaps(activity.activityId, signal),
    enabled: applies,
  });
  const found = overlaps.data?.overlaps ?? [];
  if (!applies || found.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('detail.overlapTitle', { count: found.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {found.map((other) => (
            <li key={other.activityId}>
              <Link to={activityDetailPath(tenant, other.activityId)}>{other.activityName}</Link>{' '}
              <Typography.Text type="secondary">
                {t('detail.overlapLine', {
                  begin: formatTime(other.beginTime),
                  end: formatTime(other.endTime),
                  count: other.sharedStations,
                })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      }
    />
  );
}
