import { useCallback } from 'react';
import { Tag } from 'antd';
import type { DrawState, RewardState } from '@cmp/domain/activities/reward-states';
import { BRAND_POINTS } from '@cmp/domain/rewards/reward-record-contracts';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

const REWARD_STATE_COLORS: Record<RewardState, string> = {
  0: 'default',
  1: 'success',
  2: 'error',
  3: 'processing',
};

const DRAW_STATE_COLORS: Record<DrawState, string> = {
  none: 'default',
  win: 'success',
  lose: 'warning',
};

export function RewardStateTag({ state }: { state: RewardState }) {
  const label = useEnumLabel();
  return <Tag color={REWARD_STATE_COLORS[state]}>{label('rewardState', state)}</Tag>;
}

export function DrawStateTag({ state }: { state: DrawState }) {
  const label = useEnumLabel();
  return <Tag color={DRAW_STATE_COLORS[state]}>{label('drawState', state)}</Tag>;
}

/** Why a reward failed: a coupon failure's label, or the reason as it came when the catalogue has none. */
export function FailReason({ reason }: { reason: string | null }) {
  const label = useEnumLabel();
  return <>{label('couponRewardFailure', reason)}</>;
}

/**
 * A reward's name as shown: brand points are named by what they were given for (a red packet, a check-in),
 * a code with a label; coupons by their award's own title.
 */
export function useRewardName(): (rewardType: string, rewardName: string) => string {
  const label = useEnumLabel();
  return useCallback(
    (rewardType, rewardName) =>
      rewardType === BRAND_POINTS ? label('pointRewardName', rewardName) : rewardName,
    [label],
  );
}
