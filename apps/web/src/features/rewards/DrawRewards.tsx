import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DrawReward, LotteryDraw } from '@cmp/domain/rewards/lottery-draw-contracts';
import { orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { FailReason, RewardStateTag, useRewardName } from './RewardTags';
import type { ReissueTarget } from './ReissueDialog';

export interface DrawRewardsProps {
  draw: LotteryDraw;
  /** Operators reissue a failed reward; left out for readers. */
  onReissue?: (target: ReissueTarget) => void;
}

/** The rewards of one draw (spec M3.2.8): each award won, what became of it, and a reissue of a failed one. */
export function DrawRewards({ draw, onReissue }: DrawRewardsProps) {
  const { t } = useTranslation('rewards');
  const label = useEnumLabel();
  const rewardName = useRewardName();
  const columns: TableColumnsType<DrawReward> = [
    { key: 'rewardRecordId', title: t('field.rewardRecordId'), dataIndex: 'rewardRecordId', width: 90 },
    {
      key: 'awardTitle',
      title: t('field.award'),
      width: 160,
      render: (_, r) => (
        <Flex vertical>
          <span>{rewardName(r.awardType, r.awardTitle)}</span>
          {r.awardSubTitle && <Typography.Text type="secondary">{r.awardSubTitle}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'awardType',
      title: t('field.rewardType'),
      width: 80,
      render: (_, r) => label('rewardType', r.awardType),
    },
    {
      key: 'awardCode',
      title: t('field.couponBatchId'),
      width: 110,
      render: (_, r) => orDash(r.awardCode),
    },
    { key: 'awardUnits', title: t('field.awardUnits'), dataIndex: 'awardUnits', width: 70, align: 'right' },
    {
      key: 'rewardState',
      title: t('field.rewardState'),
      width: 100,
      render: (_, r) => <RewardStateTag state={r.rewardState} />,
    },
    {
      key: 'failReason',
      title: t('field.failReason'),
      width: 130,
      render: (_, r) => <FailReason reason={r.failReason} />,
    },
    {
      key: 'reissueDesc',
      title: t('field.reissueDesc'),
      width: 140,
      render: (_, r) => orDash(r.reissueDesc),
    },
    {
      key: 'couponIds',
      title: t('field.couponIds'),
      width: 110,
      render: (_, r) => (r.couponIds.length === 0 ? '-' : r.couponIds.join(', ')),
    },
    ...(onReissue
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            width: 70,
            fixed: 'right' as const,
            render: (_: unknown, r: DrawReward) =>
              r.rewardState === 2 && (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() =>
                    onReissue({
                      recordId: r.rewardRecordId,
                      rewardType: r.awardType,
                      rewardCode: r.awardCode === '' ? null : r.awardCode,
                      rewardUnits: r.awardUnits,
                      rewardName: r.awardTitle,
                    })
                  }
                >
                  {t('reissue.action')}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <Table<DrawReward>
      size="small"
      rowKey="rewardRecordId"
      columns={columns}
      dataSource={draw.rewards}
      pagination={false}
      // As wide as its columns: in less room it scrolls rather than squeezing the award's title.
      scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) }}
      locale={{ emptyText: draw.drawState === 'lose' ? t('draws.noRewardsLost') : t('draws.noRewards') }}
    />
  );
}
