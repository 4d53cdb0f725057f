import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Award, AwardCreate, AwardUpdate } from '@cmp/domain/rewards/award-contracts';
import type {
  GiftBag,
  GiftBagCreate,
  GiftBagList,
  GiftBagUpdate,
  LotterySettingsChange,
} from '@cmp/domain/rewards/gift-bag-contracts';
import type { LotteryDrawPage } from '@cmp/domain/rewards/lottery-draw-contracts';
import type { PointRecordPage, Reissue, ReissueResult } from '@cmp/domain/rewards/reward-record-contracts';
import type { Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { searchTableQueryKey } from '../../components';
import { useStationsTenant } from '../../components/lookups';

/** The lists' names for their saved layouts and cached pages. */
export const REWARD_LISTS = {
  lotteryDraws: 'lotteryDraws',
  pointRecords: 'pointRecords',
  rewardRecords: 'rewardRecords',
} as const;

export const REWARD_PATHS = {
  lotteryDraws: '/lottery-draws',
  pointRecords: '/point-records',
  rewardRecords: '/reward-records',
} as const;

export const rewardKeys = {
  giftBags: (tenant: string, activityId: number) => ['rewards', tenant, 'giftBags', activityId] as const,
};

const awardsPath = (activityId: number) => `/activities/${activityId}/awards`;
const bagsPath = (activityId: number) => `/activities/${activityId}/gift-bags`;

/** The lottery, draw and reward calls of the tenant whose area the page is in. */
export function useRewardsApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      giftBags: (activityId: number, signal?: AbortSignal) =>
        api.get<GiftBagList>(bagsPath(activityId), { signal }),
      setClaimType: (activityId: number, body: LotterySettingsChange) =>
        api.put<GiftBagList>(`${bagsPath(activityId)}/claim-type`, body),
      createAward: (activityId: number, body: AwardCreate) => api.post<Award>(awardsPath(activityId), body),
      updateAward: (activityId: number, awardId: number, body: AwardUpdate) =>
        api.put<Award>(`${awardsPath(activityId)}/${awardId}`, body),
      removeAward: (activityId: number, awardId: number, version: number) =>
        api.delete<void>(`${awardsPath(activityId)}/${awardId}`, { query: { version } }),
      createGiftBag: (activityId: number, body: GiftBagCreate) =>
        api.post<GiftBag>(bagsPath(activityId), body),
      updateGiftBag: (giftBagId: number, body: GiftBagUpdate) =>
        api.put<GiftBag>(`/gift-bags/${giftBagId}`, body),
      removeGiftBag: (giftBagId: number, version: number) =>
        api.delete<void>(`/gift-bags/${giftBagId}`, { query: { version } }),
      takeOutAward: (giftBagId: number, awardId: number) =>
        api.delete<GiftBag>(`/gift-bags/${giftBagId}/awards/${awardId}`),
      lotteryDraws: (query: Query, signal?: AbortSignal) =>
        api.get<LotteryDrawPage>(REWARD_PATHS.lotteryDraws, { query, signal }),
      pointRecords: (query: Query, signal?: AbortSignal) =>
        api.get<PointRecordPage>(REWARD_PATHS.pointRecords, { query, signal }),
      rewardRecords: (query: Query, signal?: AbortSignal) =>
        api.get<PointRecordPage>(REWARD_PATHS.rewardRecords, { query, signal }),
      reissue: (body: Reissue) => api.post<ReissueResult>(`${REWARD_PATHS.rewardRecords}/reissue`, body),
    }),
    [api],
  );
}

/** A lottery's claim type and frequency, its gift bags with their awards, and the awards in no bag. */
export function useGiftBagList(activityId: number) {
  const tenant = useStationsTenant();
  const rewards = useRewardsApi();
  return useQuery({
    queryKey: rewardKeys.giftBags(tenant, activityId),
    queryFn: ({ signal }) => rewards.giftBags(activityId, signal),
  });
}

/** Reads a lottery's bags and awards again after a change (or a refusal that may mean someone else's). */
export function useRefreshGiftBags(activityId: number) {
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rewardKeys.giftBags(tenant, activityId) });
}

/** Reads a reward list again, after a reissue changed one of its rows. */
export function useRefreshRewardList() {
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  return (list: string) => queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, list) });
}
