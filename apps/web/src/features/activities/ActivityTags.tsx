import { Tag } from 'antd';
import type { ActivityStatus } from '@cmp/domain/activities/activity-statuses';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

const STATUS_COLORS: Record<ActivityStatus, string> = {
  not_started: 'default',
  scheduled: 'warning',
  in_progress: 'processing',
  finished: 'success',
};

export function ActivityStatusTag({ status }: { status: ActivityStatus }) {
  const label = useEnumLabel();
  return <Tag color={STATUS_COLORS[status]}>{label('activityStatus', status)}</Tag>;
}

export function ActivityTypeTag({ type }: { type: ActivityType }) {
  const label = useEnumLabel();
  return <Tag color="blue">{label('activityType', type)}</Tag>;
}
