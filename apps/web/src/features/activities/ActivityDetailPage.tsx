import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  PlayCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Descriptions, Flex, Result, Space, Statistic, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import { isLiveStatus } from '@cmp/domain/activities/activity-statuses';
import type { ActivityStatusChange } from '@cmp/domain/activities/activity-types';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCanChange } from '../../app/session/use-can-change';
import { searchTableQueryKey } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useOperators, useStationsTenant } from '../../components/lookups';
import { LotteryPrizesSection } from '../rewards/LotteryPrizesSection';
import { ACTIVITY_LIST, activityKeys, useActivitiesApi, useActivity } from './activities-api';
import { activityEditPath, activityListPath } from './activity-links';
import { ActivityRulesView } from './ActivityRulesView';
import { ActivityStationsSection } from './ActivityStationsSection';
import { DiscountOverlapWarning, RewardTimelineChart } from './ActivityInsights';
import { ActivityStatusTag, ActivityTypeTag } from './ActivityTags';
import { TariffCalendar } from './TariffCalendar';

/**
 * One activity (`?activityId=`): its fields, its rules as its type has them, its reward statistics and the
 * stations taking part; operators edit it and its stations until it finishes, start it, finish it, and
 * delete it unless it is live.
 */
export default function ActivityDetailPage() {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('activityId'));
  const valid = Number.isInteger(id) && id > 0;
  const activity = useActivity(valid ? id : undefined);

  const back = (
    <Link to={activityListPath(tenant)}>
      <ArrowLeftOutlined /> {t('common.back')}
    </Link>
  );
  if (!valid || (activity.isError && activity.error instanceof ApiError && activity.error.status === 404)) {
    return <Result status="404" title={t('common.notFound')} extra={back} />;
  }
  if (activity.isPending) return <PageLoading />;
  if (activity.isError) return <ErrorResult error={activity.error} onRetry={() => void activity.refetch()} />;
  return (
    <Flex vertical gap={16}>
      {back}
      <ActivityView activity={activity.data} />
    </Flex>
  );
}

/** Start, finish and delete, each confirmed and sent with the version shown. */
function useActivityActions(activity: Activity) {
  const { t } = useTranslation('activities');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const activities = useActivitiesApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const describe = useDescribeError();
  const key = activityKeys.activity(tenant, activity.activityId);
  const refreshList = () =>
    queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, ACTIVITY_LIST) });

  // A refusal (saved by someone else, started meanwhile) is shown, and the page reads the activity again.
  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      void message.error(describe(error));
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const changeStatus = (change: ActivityStatusChange) =>
    modal.confirm({
      title: t(`detail.${change}Title`, { name: activity.activityName }),
      content: t(`detail.${change}Content`),
      okText: t(`detail.${change}`),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: change === 'finish' },
      onOk: () =>
        run(async () => {
          const saved = await activities.changeStatus(activity.activityId, {
            activityStatus: change,
            version: activity.version,
          });
          queryClient.setQueryData(key, saved);
          void refreshList();
          void message.success(t(`detail.${change}Done`, { name: saved.activityName }));
        }),
    });

  const remove = () =>
    modal.confirm({
      title: t('detail.deleteTitle', { name: activity.activityName }),
      content: t('detail.deleteContent'),
      okText: t('detail.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        run(async () => {
          await activities.remove(activity.activityId, activity.version);
          queryClient.removeQueries({ queryKey: key });
          await refreshList();
          void message.success(t('detail.deleted', { name: activity.activityName }));
          void navigate(activityListPath(tenant));
        }),
    });

  return { changeStatus, remove };
}

function ActivityView({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const canChange = useCanChange();
  const operators = useOperators();
  const { changeStatus, remove } = useActivityActions(activity);
  const status = activity.activityStatus;
  const operatorName = (operatorId: string) =>
    operators.data?.find((o) => o.operatorId === operatorId)?.operatorName ?? operatorId;

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {activity.activityName}
          </Typography.Title>
          <ActivityTypeTag type={activity.activityType} />
          <ActivityStatusTag status={status} />
        </Space>
        {canChange && (
          <Space wrap>
            {status !== 'finished' && (
              <Link to={activityEditPath(tenant, activity.activityId)}>
                <Button icon={<EditOutlined />}>{t('detail.edit')}</Button>
              </Link>
            )}
            {status === 'not_started' && (
              <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => changeStatus('start')}>
                {t('detail.start')}
              </Button>
            )}
            {isLiveStatus(status) && (
              <Button danger icon={<StopOutlined />} onClick={() => changeStatus('finish')}>
                {t('detail.finish')}
              </Button>
            )}
            {!isLiveStatus(status) && (
              <Button danger icon={<DeleteOutlined />} onClick={remove}>
                {t('detail.delete')}
              </Button>
            )}
          </Space>
        )}
      </Flex>
      <DiscountOverlapWarning activity={activity} />
      <Card size="small" title={t('detail.statistics')}>
        <Flex wrap gap={32}>
          <Statistic title={t('field.totalRedPacket')} value={activity.rewardStatistics.totalRedPacket} />
          <Statistic title={t('field.totalNioPoint')} value={activity.rewardStatistics.totalNioPoint} />
          <Statistic title={t('field.stationCount')} value={activity.stationCount} />
        </Flex>
        <RewardTimelineChart activity={activity} />
      </Card>
      <Card size="small" title={t('detail.basic')}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'id', label: t('field.activityId'), children: activity.activityId },
            { key: 'begin', label: t('field.beginTime'), children: formatTime(activity.beginTime) },
            { key: 'end', label: t('field.endTime'), children: formatTime(activity.endTime) },
            { key: 'creator', label: t('field.creatorName'), children: activity.creatorName },
            { key: 'createTime', label: t('field.createTime'), children: formatTime(activity.createTime) },
            { key: 'updateTime', label: t('field.updateTime'), children: formatTime(activity.updateTime) },
            {
              key: 'operators',
              label: t('field.effectOperators'),
              span: 'filled',
              children:
                activity.effectOperatorRules.length === 0
                  ? t('detail.allOperators')
                  : activity.effectOperatorRules.map((rule) => operatorName(rule.operatorId)).join(', '),
            },
            {
              key: 'cover',
              label: t('field.coverImage'),
              span: 'filled',
              children: activity.coverImage ? (
                <Typography.Link href={activity.coverImage} target="_blank" rel="noreferrer">
                  {activity.coverImage}
                </Typography.Link>
              ) : (
                '-'
              ),
            },
            {
              key: 'description',
              label: t('field.activityDescription'),
              span: 'filled',
              children: orDash(activity.activityDescription),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('detail.rules')}>
        <ActivityRulesView activity={activity} />
      </Card>
      {activity.activityType === 'charging_discount' && (
        <Card size="small" title={t('calendar.title')}>
          <TariffCalendar activity={activity} />
        </Card>
      )}
      {activity.activityType === 'gift_bag_lottery_draw' && <LotteryPrizesSection activity={activity} />}
      <ActivityStationsSection activity={activity} />
    </>
  );
}
