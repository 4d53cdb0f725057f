import { Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Award } from '@cmp/domain/rewards/award-contracts';
import type { GiftBag } from '@cmp/domain/rewards/gift-bag-contracts';
import { AwardTable } from './AwardTable';
import { ConfirmedAction } from './ConfirmedAction';
import { useRewardsApi } from './rewards-api';

export interface GiftBagCardProps {
  giftBag: GiftBag;
  /** Operators of a lottery that has not finished: the bag and its awards offer their actions. */
  editable: boolean;
  onEdit: (giftBag: GiftBag) => void;
  onEditAward: (award: Award) => void;
}

/**
 * One gift bag: its quota and what is left of it, and its awards. Its last award cannot be taken out (the
 * bag would be empty): that button is off and says to delete the bag instead.
 */
export function GiftBagCard({ giftBag, editable, onEdit, onEditAward }: GiftBagCardProps) {
  const { t } = useTranslation('rewards');
  const rewards = useRewardsApi();
  const { activityId, giftBagId } = giftBag;
  const title = t('giftBag.title', { id: giftBagId });

  const awardActions = (award: Award) => (
    <Space size="small">
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onEditAward(award)}>
        {t('common.edit')}
      </Button>
      {giftBag.lastOne ? (
        <Tooltip title={t('giftBag.lastOneHint')}>
          {/* A disabled button takes no pointer events; its wrapper shows the tooltip. */}
          <span>
            <Button danger type="link" size="small" style={{ padding: 0 }} disabled>
              {t('giftBag.takeOut')}
            </Button>
          </span>
        </Tooltip>
      ) : (
        <ConfirmedAction
          activityId={activityId}
          title={t('giftBag.takeOutTitle', { name: award.awardTitle })}
          label={t('giftBag.takeOut')}
          done={t('giftBag.takenOut', { name: award.awardTitle })}
          run={() => rewards.takeOutAward(giftBagId, award.awardId)}
        />
      )}
    </Space>
  );

  return (
    <Card
      size="small"
      type="inner"
      data-testid={`gift-bag-${giftBagId}`}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{title}</span>
          {giftBag.description && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360, fontWeight: 'normal' }}>
              {giftBag.description}
            </Typography.Text>
          )}
        </Flex>
      }
      extra={
        <Space size="middle" wrap>
          <Tag color="blue">{t('giftBag.quota', { quota: giftBag.lotteryQuota })}</Tag>
          <Tag color={giftBag.remainingQuota > 0 ? 'green' : 'default'}>
            {t('giftBag.remaining', { remaining: giftBag.remainingQuota })}
          </Tag>
          {editable && (
            <>
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onEdit(giftBag)}>
                {t('common.edit')}
              </Button>
              <ConfirmedAction
                activityId={activityId}
                title={t('giftBag.deleteTitle', { id: giftBagId })}
                label={t('common.delete')}
                done={t('giftBag.deleted', { id: giftBagId })}
                run={() => rewards.removeGiftBag(giftBagId, giftBag.version)}
              />
            </>
          )}
        </Space>
      }
    >
      <AwardTable
        awards={giftBag.awards}
        inBag
        lastOne={giftBag.lastOne && giftBag.awards.length > 0}
        actions={editable ? awardActions : undefined}
        empty={t('giftBag.empty')}
      />
    </Card>
  );
}
