import { useState } from 'react';
import { GiftOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { Award } from '@cmp/domain/rewards/award-contracts';
import type { GiftBag } from '@cmp/domain/rewards/gift-bag-contracts';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { AwardDialog } from './AwardDialog';
import { AwardTable } from './AwardTable';
import { ClaimTypeSetting } from './ClaimTypeSetting';
import { ConfirmedAction } from './ConfirmedAction';
import { GiftBagCard } from './GiftBagCard';
import { GiftBagDialog } from './GiftBagDialog';
import { lotteryDrawsPath } from './reward-links';
import { useGiftBagList, useRewardsApi } from './rewards-api';

type Editing = { kind: 'award'; award?: Award } | { kind: 'giftBag'; giftBag?: GiftBag } | undefined;

/**
 * A gift bag lottery's awards and bags (spec M3.2.1–M3.2.7), on the activity's page: how a won bag is given,
 * how often a user draws, each bag with its quota and awards, and the awards in no bag. Operators set them
 * up until the activity finishes; readers see them only.
 */
export function LotteryPrizesSection({ activity }: { activity: Activity }) {
  const { t } = useTranslation('rewards');
  const label = useEnumLabel();
  const describe = useDescribeError();
  const tenant = useStationsTenant();
  const rewards = useRewardsApi();
  const list = useGiftBagList(activity.activityId);
  const editable = useCanChange() && activity.activityStatus !== 'finished';
  const [editing, setEditing] = useState<Editing>();
  const { activityId } = activity;

  const poolActions = (award: Award) => (
    <Space size="small">
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => setEditing({ kind: 'award', award })}
      >
        {t('common.edit')}
      </Button>
      <ConfirmedAction
        activityId={activityId}
        title={t('award.deleteTitle', { name: award.awardTitle })}
        label={t('common.delete')}
        done={t('award.deleted', { name: award.awardTitle })}
        run={() => rewards.removeAward(activityId, award.awardId, award.version)}
      />
    </Space>
  );

  const body = () => {
    if (list.isPending) return <Skeleton active />;
    if (list.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={t('section.loadFailed')}
          description={describe(list.error)}
          action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      );
    const { giftBags, pool } = list.data;
    return (
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'claimType',
              label: t('claimType.label'),
              children: <ClaimTypeSetting list={list.data} editable={editable} />,
            },
            {
              key: 'claimFrequency',
              label: t('section.claimFrequency'),
              children: (
                <Flex vertical>
                  <span>{label('claimFrequency', list.data.claimFrequency)}</span>
                  <Typography.Text type="secondary">{t('section.claimFrequencyHint')}</Typography.Text>
                </Flex>
              ),
            },
          ]}
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('section.giftBags', { count: giftBags.length })}
        </Typography.Title>
        {giftBags.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('section.noGiftBags')} />
        ) : (
          giftBags.map((giftBag) => (
            <GiftBagCard
              key={giftBag.giftBagId}
              giftBag={giftBag}
              editable={editable}
              onEdit={(bag) => setEditing({ kind: 'giftBag', giftBag: bag })}
              onEditAward={(award) => setEditing({ kind: 'award', award })}
            />
          ))
        )}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('section.pool', { count: pool.length })}
        </Typography.Title>
        <AwardTable
          awards={pool}
          actions={editable ? poolActions : undefined}
          empty={t('section.poolEmpty')}
        />
      </Flex>
    );
  };

  return (
    <Card
      size="small"
      title={
        <Space>
          <GiftOutlined />
          {t('section.title')}
        </Space>
      }
      extra={
        <Space wrap>
          <Link to={lotteryDrawsPath(tenant, activityId)}>{t('section.draws')}</Link>
          {editable && list.isSuccess && (
            <>
              <Button icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'award' })}>
                {t('award.create')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'giftBag' })}>
                {t('giftBag.create')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {body()}
      {editable && list.isSuccess && editing?.kind === 'award' && (
        <AwardDialog
          activityId={activityId}
          award={editing.award}
          giftBags={list.data.giftBags}
          onClose={() => setEditing(undefined)}
        />
      )}
      {editable && list.isSuccess && editing?.kind === 'giftBag' && (
        <GiftBagDialog
          activityId={activityId}
          giftBag={editing.giftBag}
          pool={list.data.pool}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
