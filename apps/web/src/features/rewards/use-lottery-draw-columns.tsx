import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LotteryDraw } from '@cmp/domain/rewards/lottery-draw-contracts';
import type { SearchTableColumn } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { activityDetailPath } from '../activities/activity-links';
import { DrawStateTag, RewardStateTag, useRewardName } from './RewardTags';

/** The draw records' columns, keyed as the export's. */
export function useLotteryDrawColumns(): SearchTableColumn<LotteryDraw>[] {
  const { t } = useTranslation('rewards');
  const label = useEnumLabel();
  const tenant = useStationsTenant();
  const rewardName = useRewardName();
  return useMemo(
    () => [
      { key: 'drawLogId', title: t('field.drawLogId'), width: 80, fixed: 'left' },
      {
        key: 'activityName',
        title: t('field.activity'),
        width: 150,
        ellipsis: true,
        render: (d) => <Link to={activityDetailPath(tenant, d.activityId)}>{d.activityName}</Link>,
      },
      { key: 'mobile', title: t('field.mobile'), width: 120, render: (d) => orDash(d.account.mobile) },
      {
        key: 'accountId',
        title: t('field.account'),
        width: 130,
        render: (d) => (
          <Flex vertical>
            <span>{d.account.accountId}</span>
            {d.account.nickName && <Typography.Text type="secondary">{d.account.nickName}</Typography.Text>}
          </Flex>
        ),
      },
      {
        key: 'drawState',
        title: t('field.drawState'),
        width: 130,
        render: (d) => (
          <Flex vertical gap={2} align="flex-start">
            <DrawStateTag state={d.drawState} />
            {d.drawStateLoseReason && (
              <Typography.Text type="secondary">{label('loseReason', d.drawStateLoseReason)}</Typography.Text>
            )}
          </Flex>
        ),
      },
      {
        key: 'rewards',
        title: t('field.rewards'),
        width: 150,
        ellipsis: true,
        render: (d) =>
          d.rewards.length === 0
            ? '-'
            : d.rewards.map((r) => `${rewardName(r.awardType, r.awardTitle)} ×${r.awardUnits}`).join('；'),
      },
      {
        key: 'rewardState',
        title: t('field.rewardState'),
        width: 110,
        render: (d) =>
          d.rewards.length === 0 ? (
            '-'
          ) : (
            <Flex gap={4} wrap>
              {d.rewards.map((r) => (
                <RewardStateTag key={r.rewardRecordId} state={r.rewardState} />
              ))}
            </Flex>
          ),
      },
      {
        key: 'createTime',
        title: t('field.drawTime'),
        width: 160,
        sortable: true,
        render: (d) => formatTime(d.createTime),
      },
      {
        key: 'giftBagId',
        title: t('field.giftBagId'),
        width: 100,
        hiddenByDefault: true,
        render: (d) => d.giftBagId ?? '-',
      },
      {
        key: 'failReason',
        title: t('field.failReason'),
        width: 180,
        ellipsis: true,
        hiddenByDefault: true,
        render: (d) =>
          d.rewards
            .filter((r) => r.failReason !== null)
            .map((r) => label('couponRewardFailure', r.failReason))
            .join('；') || '-',
      },
    ],
    [t, label, rewardName, tenant],
  );
}
