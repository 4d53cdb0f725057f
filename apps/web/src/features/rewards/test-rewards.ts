import type { Award } from '@cmp/domain/rewards/award-contracts';
import type { GiftBag, GiftBagList } from '@cmp/domain/rewards/gift-bag-contracts';
import type { DrawReward, LotteryDraw } from '@cmp/domain/rewards/lottery-draw-contracts';
import type { PointRecord } from '@cmp/domain/rewards/reward-record-contracts';

export const DRAWN = Date.parse('2026-04-02T10:15:00+08:00');

/** An award of activity 5 with 100 wins in stock, 10 given, in no bag unless given one. */
export const award = (awardId: number, overrides: Partial<Award> = {}): Award => ({
  activityId: 5,
  awardId,
  awardType: 'pe_coupon',
  awardCode: '301',
  couponBatchName: '5元充电券批次',
  awardTitle: `奖品 ${awardId}`,
  awardSubTitle: null,
  awardImage: null,
  needLogistics: false,
  awardUnits: 1,
  awardAmount: 100,
  issueAmount: 10,
  surplusAmount: 90,
  remainingAmount: 90,
  remainingNumber: 90,
  lotteryQuota: null,
  remainingQuota: null,
  giftBagId: null,
  giftBagAwardId: null,
  version: 2,
  createTime: DRAWN,
  updateTime: DRAWN,
  ...overrides,
});

/** A bag of activity 5 holding `awards` (each marked as in it), won 20 times of its 50. */
export const giftBag = (giftBagId: number, awards: Award[], overrides: Partial<GiftBag> = {}): GiftBag => ({
  activityId: 5,
  giftBagId,
  description: null,
  lotteryQuota: 50,
  remainingQuota: 30,
  lastOne: awards.length <= 1,
  awards: awards.map((a) => ({
    ...a,
    giftBagId,
    giftBagAwardId: `${giftBagId}${a.awardId}`,
    lotteryQuota: 50,
    remainingQuota: 30,
  })),
  version: 3,
  createTime: DRAWN,
  ...overrides,
});

export const giftBagList = (
  giftBags: GiftBag[],
  pool: Award[],
  overrides: Partial<GiftBagList> = {},
): GiftBagList => ({
  activityId: 5,
  claimType: 'fixed',
  claimFrequency: 'once_per_day',
  version: 1,
  drawn: false,
  giftBags,
  pool,
  ...overrides,
});

export const drawReward = (rewardRecordId: number, overrides: Partial<DrawReward> = {}): DrawReward => ({
  rewardRecordId,
  awardId: 11,
  rewardState: 1,
  awardTitle: '5元充电券',
  awardUnits: 2,
  awardType: 'pe_coupon',
  awardCode: '301',
  awardAmount: 100,
  remainingAmount: 90,
  awardSubTitle: null,
  awardImage: null,
  needLogistics: false,
  failReason: null,
  reissueDesc: null,
  couponIds: [9001, 9002],
  ...overrides,
});

export const draw = (drawLogId: number, overrides: Partial<LotteryDraw> = {}): LotteryDraw => ({
  drawLogId,
  activityId: 5,
  activityName: '双十一抽奖',
  account: { accountId: 'ACC100001', mobile: '13800001111', nickName: '小明' },
  rewardRecordId: null,
  giftBagId: null,
  drawState: 'lose',
  drawStateLoseReason: 'drawn_out',
  createTime: DRAWN,
  rewards: [],
  ...overrides,
});

export const pointRecord = (recordId: number, overrides: Partial<PointRecord> = {}): PointRecord => ({
  recordId,
  activityId: 7,
  activityName: '充电桩红包',
  accountId: 'ACC100002',
  userName: '小红',
  mobile: '13900002222',
  vehicleId: null,
  resourceId: 'PS-1001',
  resourceName: '张江站',
  rewardType: 'nio_point',
  rewardCode: null,
  rewardName: 'red_packet',
  rewardAmount: 50,
  rewardState: 1,
  failReason: null,
  reissueDesc: null,
  couponIds: [],
  drawLogId: null,
  extResourceType: null,
  extResourceId: null,
  rewardTime: DRAWN,
  createTime: DRAWN,
  ...overrides,
});
