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

/**
 * The point records' columns, keyed as the export's. With `onReissue` (operators) a failed record offers
 * its reissue.
 */
export function usePointRecordColumns(
  onReissue: ((target: ReissueTarget) => void) | undefined,
): SearchTableColumn<PointRecord>[] {
  const { t } = useTranslation('rewards');
  const label = useEnumLabel();
  const tenant = useStationsTenant();
  const rewardName = useRewardName();
  return useMemo(
    () => [
      { key: 'recordId', title: t('field.recordId'), width: 90, fixed: 'left' },
      {
        key: 'activityName',
        title: t('field.activity'),
        width: 160,
        ellipsis: true,
        render: (r) => <Link to={activityDetailPath(tenant, r.activityId)}>{r.activityName}</Link>,
      },
      {
        key: 'userName',
        title: t('field.userName'),
        width: 110,
        ellipsis: true,
        render: (r) => orDash(r.userName),
      },
      { key: 'mobile', title: t('field.mobile'), width: 120, render: (r) => orDash(r.mobile) },
      {
        key: 'rewardName',
        title: t('field.rewardName'),
        width: 120,
        ellipsis: true,
        render: (r) => rewardName(r.rewardType, r.rewardName),
      },
      { key: 'rewardAmount', title: t('field.rewardAmount'), width: 100, align: 'right', sortable: true },
      {
        key: 'rewardState',
        title: t('field.rewardState'),
        width: 100,
        render: (r) => <RewardStateTag state={r.rewardState} />,
      },
      {
        key: 'failReason',
        title: t('field.failReason'),
        width: 140,
        ellipsis: true,
        render: (r) => <FailReason reason={r.failReason} />,
      },
      {
        key: 'resourceName',
        title: t('field.resourceName'),
        width: 180,
        ellipsis: true,
        render: (r) => orDash(r.resourceName),
      },
      {
        key: 'rewardTime',
        title: t('field.rewardTime'),
        width: 160,
        sortable: true,
        render: (r) => formatTime(r.rewardTime),
      },
      {
        key: 'createTime',
        title: t('field.createTime'),
        width: 160,
        sortable: true,
        render: (r) => formatTime(r.createTime),
      },
      { key: 'accountId', title: t('field.accountId'), width: 120, ellipsis: true },
      {
        key: 'rewardType',
        title: t('field.rewardType'),
        width: 100,
        hiddenByDefault: true,
        render: (r) => label('rewardType', r.rewardType),
      },
      {
        key: 'rewardCode',
        title: t('field.couponBatchId'),
        width: 130,
        hiddenByDefault: true,
        render: (r) => orDash(r.rewardCode),
      },
      {
        key: 'vehicleId',
        title: t('field.vehicleId'),
        width: 140,
        hiddenByDefault: true,
        render: (r) => orDash(r.vehicleId),
      },
      {
        key: 'resourceId',
        title: t('field.resourceId'),
        width: 140,
        hiddenByDefault: true,
        render: (r) => orDash(r.resourceId),
      },
      {
        key: 'extResourceType',
        title: t('field.extResourceType'),
        width: 120,
        hiddenByDefault: true,
        render: (r) => label('rewardEventKind', r.extResourceType),
      },
      {
        key: 'extResourceId',
        title: t('field.extResourceId'),
        width: 140,
        hiddenByDefault: true,
        render: (r) => orDash(r.extResourceId),
      },
      {
        key: 'reissueDesc',
        title: t('field.reissueDesc'),
        width: 180,
        ellipsis: true,
        hiddenByDefault: true,
        render: (r) => orDash(r.reissueDesc),
      },
      ...(onReissue
        ? [
            {
              key: 'actions',
              title: t('common.actions'),
              width: 80,
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
    ],
    [t, label, rewardName, tenant, onReissue],
  );
}
