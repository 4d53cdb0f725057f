import { useMemo } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PointRecord } from '@cmp/domain/rewards/reward-record-contracts';
import type { SearchTableColumn } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { activityDetailPath } from '../activities/activity-links';
import type { ReissueTarget } from './ReissueDialog';
import { FailReason, RewardStateTag, useRewardName } from './RewardTags';

/** The columns a reward record list can show, keyed as the export's (the server's reward record sheet). */
export type RewardRecordColumnKey =
  | 'recordId'
  | 'activityName'
  | 'userName'
  | 'mobile'
  | 'resourceName'
  | 'rewardType'
  | 'rewardName'
  | 'rewardCode'
  | 'rewardAmount'
  | 'rewardState'
  | 'failReason'
  | 'rewardTime'
  | 'createTime'
  | 'accountId'
  | 'vehicleId'
  | 'resourceId'
  | 'extResourceType'
  | 'extResourceId'
  | 'reissueDesc';

/** Which columns a list shows, in its order, and which it offers hidden after them. */
export interface RewardRecordColumnLayout {
  shown: readonly RewardRecordColumnKey[];
  hidden: readonly RewardRecordColumnKey[];
}

/** The point records (spec M3.4): brand points only, so their type and batch start hidden. */
export const POINT_RECORD_LAYOUT: RewardRecordColumnLayout = {
  shown: [
    'recordId',
    'activityName',
    'userName',
    'mobile',
    'rewardName',
    'rewardAmount',
    'rewardState',
    'failReason',
    'resourceName',
    'rewardTime',
    'createTime',
    'accountId',
  ],
  hidden: [
    'rewardType',
    'rewardCode',
    'vehicleId',
    'resourceId',
    'extResourceType',
    'extResourceId',
    'reissueDesc',
  ],
};

/**
 * Every reward (coupons and points), for the staff who look for failed coupon rewards to reissue them: what
 * was given, how it went, why it failed and what it was for. The user and the station start hidden, first
 * in the column panel, so the list fits 1440 px without scrolling sideways.
 */
export const REWARD_RECORD_LAYOUT: RewardRecordColumnLayout = {
  shown: [
    'recordId',
    'rewardType',
    'rewardName',
    'rewardCode',
    'rewardAmount',
    'rewardState',
    'failReason',
    'extResourceType',
    'createTime',
  ],
  hidden: [
    'mobile',
    'userName',
    'resourceName',
    'activityName',
    'accountId',
    'rewardTime',
    'vehicleId',
    'resourceId',
    'extResourceId',
    'reissueDesc',
  ],
};

/**
 * A reward record list's columns as `layout` orders them. With `onReissue` (operators) a failed record offers
 * its reissue, in a last column.
 */
export function useRewardRecordColumns(
  layout: RewardRecordColumnLayout,
  onReissue: ((target: ReissueTarget) => void) | undefined,
): SearchTableColumn<PointRecord>[] {
  const { t } = useTranslation('rewards');
  const label = useEnumLabel();
  const tenant = useStationsTenant();
  const rewardName = useRewardName();
  return useMemo(() => {
    // The reward records' shown widths add up to 1,085 px, what a 1440 px screen leaves a table beside the
    // menu even with a scroll bar: each holds its English header and its usual values on one line.
    const columns: Record<RewardRecordColumnKey, Omit<SearchTableColumn<PointRecord>, 'key'>> = {
      recordId: { title: t('field.recordId'), width: 85, fixed: 'left' },
      activityName: {
        title: t('field.activity'),
        width: 160,
        ellipsis: true,
        render: (r) => <Link to={activityDetailPath(tenant, r.activityId)}>{r.activityName}</Link>,
      },
      userName: {
        title: t('field.userName'),
        width: 110,
        ellipsis: true,
        render: (r) => orDash(r.userName),
      },
      mobile: { title: t('field.mobile'), width: 120, render: (r) => orDash(r.mobile) },
      resourceName: {
        title: t('field.resourceName'),
        width: 180,
        ellipsis: true,
        render: (r) => orDash(r.resourceName),
      },
      rewardType: {
        title: t('field.rewardType'),
        width: 100,
        render: (r) => label('rewardType', r.rewardType),
      },
      rewardName: {
        title: t('field.rewardName'),
        width: 145,
        ellipsis: true,
        render: (r) => rewardName(r.rewardType, r.rewardName),
      },
      rewardCode: {
        title: t('field.couponBatchId'),
        width: 110,
        ellipsis: true,
        render: (r) => orDash(r.rewardCode),
      },
      rewardAmount: { title: t('field.rewardAmount'), width: 90, align: 'right', sortable: true },
      rewardState: {
        title: t('field.rewardState'),
        width: 105,
        render: (r) => <RewardStateTag state={r.rewardState} />,
      },
      failReason: {
        title: t('field.failReason'),
        width: 110,
        ellipsis: true,
        render: (r) => <FailReason reason={r.failReason} />,
      },
      rewardTime: {
        title: t('field.rewardTime'),
        width: 150,
        sortable: true,
        render: (r) => formatTime(r.rewardTime),
      },
      createTime: {
        title: t('field.createTime'),
        width: 150,
        sortable: true,
        render: (r) => formatTime(r.createTime),
      },
      accountId: { title: t('field.accountId'), width: 120, ellipsis: true },
      vehicleId: { title: t('field.vehicleId'), width: 140, render: (r) => orDash(r.vehicleId) },
      resourceId: { title: t('field.resourceId'), width: 140, render: (r) => orDash(r.resourceId) },
      // What the reward was given for: an event of the engine, or a lottery draw.
      extResourceType: {
        title: t('field.extResourceType'),
        width: 120,
        ellipsis: true,
        render: (r) =>
          r.drawLogId !== null ? t('source.lotteryDraw') : label('rewardEventKind', r.extResourceType),
      },
      extResourceId: { title: t('field.extResourceId'), width: 140, render: (r) => orDash(r.extResourceId) },
      reissueDesc: {
        title: t('field.reissueDesc'),
        width: 180,
        ellipsis: true,
        render: (r) => orDash(r.reissueDesc),
      },
    };
    const of = (key: RewardRecordColumnKey, hiddenByDefault: boolean): SearchTableColumn<PointRecord> => ({
      key,
      ...columns[key],
      ...(hiddenByDefault ? { hiddenByDefault } : {}),
    });
    return [
      ...layout.shown.map((key) => of(key, false)),
      ...layout.hidden.map((key) => of(key, true)),
      ...(onReissue
        ? [
            {
              key: 'actions',
              title: t('common.actions'),
              width: 70,
              fixed: 'right' as const,
              render: (r: PointRecord) =>
                r.rewardState === 2 ? (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() =>
                      onReissue({
                        recordId: r.recordId,
                        rewardType: r.rewardType,
                        rewardCode: r.rewardCode,
                        rewardUnits: r.rewardAmount,
                        rewardName: r.rewardName,
                      })
                    }
                  >
                    {t('reissue.action')}
                  </Button>
                ) : null,
            },
          ]
        : []),
    ];
  }, [t, label, rewardName, tenant, layout, onReissue]);
}
