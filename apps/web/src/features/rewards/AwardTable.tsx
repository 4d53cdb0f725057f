import type { ReactNode } from 'react';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Award } from '@cmp/domain/rewards/award-contracts';

export interface AwardTableProps {
  awards: Award[];
  /** The awards of a gift bag: addressed by their gift bag award id. */
  inBag?: boolean;
  /** The bag's one award left: marked, since it cannot be taken out. */
  lastOne?: boolean;
  /** An award's buttons; left out for readers, whose table has no action column. */
  actions?: (award: Award) => ReactNode;
  empty: ReactNode;
}

/** Awards with their coupon batch, coupons per win, and the stock of wins given and left. */
export function AwardTable({ awards, inBag = false, lastOne = false, actions, empty }: AwardTableProps) {
  const { t } = useTranslation('rewards');
  const columns: TableColumnsType<Award> = [
    inBag
      ? { key: 'id', title: t('award.giftBagAwardId'), width: 150, render: (_, a) => a.giftBagAwardId ?? '-' }
      : { key: 'id', title: t('award.awardId'), width: 100, dataIndex: 'awardId' },
    {
      key: 'title',
      title: t('award.awardTitle'),
      render: (_, a) => (
        <Flex vertical gap={2}>
          <Flex gap={4} wrap align="center">
            <Typography.Text strong>{a.awardTitle}</Typography.Text>
            {a.needLogistics && <Tag color="purple">{t('award.logistics')}</Tag>}
            {lastOne && <Tag color="orange">{t('award.lastOne')}</Tag>}
          </Flex>
          {a.awardSubTitle && <Typography.Text type="secondary">{a.awardSubTitle}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'batch',
      title: t('award.couponBatch'),
      width: 220,
      render: (_, a) => (
        <Flex vertical gap={2}>
          <span>{a.couponBatchName ?? '-'}</span>
          <Typography.Text type="secondary">{a.awardCode}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'units', title: t('award.awardUnits'), width: 140, align: 'right', dataIndex: 'awardUnits' },
    { key: 'amount', title: t('award.awardAmount'), width: 100, align: 'right', dataIndex: 'awardAmount' },
    { key: 'issued', title: t('award.issueAmount'), width: 100, align: 'right', dataIndex: 'issueAmount' },
    {
      key: 'surplus',
      title: t('award.surplusAmount'),
      width: 100,
      align: 'right',
      dataIndex: 'surplusAmount',
    },
    ...(actions
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            width: 150,
            render: (_: unknown, a: Award) => actions(a),
          },
        ]
      : []),
  ];
  return (
    <Table<Award>
      size="small"
      rowKey="awardId"
      columns={columns}
      dataSource={awards}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{ emptyText: empty }}
    />
  );
}
