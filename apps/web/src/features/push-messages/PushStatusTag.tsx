import { Tag } from 'antd';
import type { DeliveryState, PushBatchStatus } from '@cmp/domain/push-messages/push-messages';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

const STATUS_COLORS: Record<PushBatchStatus, string | undefined> = {
  draft: undefined,
  scheduled: 'gold',
  pushing: 'processing',
  pushed: 'green',
};
const STATE_COLORS: Record<DeliveryState, string | undefined> = {
  pending: undefined,
  sent: 'blue',
  acknowledged: 'green',
  failed: 'red',
};

export function PushBatchStatusTag({ status }: { status: PushBatchStatus }) {
  const label = useEnumLabel();
  return <Tag color={STATUS_COLORS[status]}>{label('pushBatchStatus', status)}</Tag>;
}

export function DeliveryStateTag({ state }: { state: DeliveryState }) {
  const label = useEnumLabel();
  return <Tag color={STATE_COLORS[state]}>{label('deliveryState', state)}</Tag>;
}
