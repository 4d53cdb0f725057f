import { useMemo } from 'react';
import { App, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Award } from '@cmp/domain/rewards/award-contracts';
import {
  GiftBagFieldsSchema,
  MAX_LOTTERY_QUOTA,
  type GiftBag,
  type GiftBagCreate,
} from '@cmp/domain/rewards/gift-bag-contracts';
import { useDescribeError } from '../../api/describe-error';
import { CustomField, EditorModal, EntityForm, NumberField, TextAreaField } from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useRefreshGiftBags, useRewardsApi } from './rewards-api';

interface GiftBagValues {
  description?: string;
  lotteryQuota?: number;
  awardIds: number[];
}

const toFields = (values: GiftBagValues): GiftBagCreate => ({
  description: values.description || null,
  lotteryQuota: values.lotteryQuota ?? 0,
  awardIds: values.awardIds,
});

export interface GiftBagDialogProps {
  activityId: number;
  /** The bag edited; a new bag when left out. */
  giftBag?: GiftBag;
  /** The activity's awards in no bag: the ones a bag can take. */
  pool: Award[];
  onClose: () => void;
}

/**
 * Creates a gift bag of a lottery or edits one (spec M3.2.3): what it is, how many times it can be won, and
 * which awards it holds, of those in no other bag. An award left out of a bag goes back to the pool.
 */
export function GiftBagDialog({ activityId, giftBag, pool, onClose }: GiftBagDialogProps) {
  const { t } = useTranslation('rewards');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const rewards = useRewardsApi();
  const refresh = useRefreshGiftBags(activityId);
  const rulesFor = useSchemaRules<GiftBagValues>(GiftBagFieldsSchema, toFields);
  const initialValues = useMemo<GiftBagValues>(
    () =>
      giftBag
        ? {
            description: giftBag.description ?? undefined,
            lotteryQuota: giftBag.lotteryQuota,
            awardIds: giftBag.awards.map((award) => award.awardId),
          }
        : { awardIds: [] },
    [giftBag],
  );
  const awardOptions = [...(giftBag?.awards ?? []), ...pool].map((award) => ({
    value: award.awardId,
    label: `${award.awardTitle}（${award.couponBatchName ?? award.awardCode}）`,
  }));
  const won = giftBag ? giftBag.lotteryQuota - giftBag.remainingQuota : 0;

  const submit = async (values: GiftBagValues) => {
    const fields = toFields(values);
    let saved: GiftBag;
    try {
      saved = giftBag
        ? await rewards.updateGiftBag(giftBag.giftBagId, { ...fields, version: giftBag.version })
        : await rewards.createGiftBag(activityId, fields);
    } catch (error) {
      void refresh();
      throw new Error(describe(error));
    }
    void message.success(t(giftBag ? 'giftBag.saved' : 'giftBag.created', { id: saved.giftBagId }));
    void refresh();
    onClose();
  };

  return (
    <EditorModal
      title={giftBag ? t('giftBag.editTitle', { id: giftBag.giftBagId }) : t('giftBag.createTitle')}
      width={600}
    >
      <EntityForm<GiftBagValues>
        name="gift-bag"
        mode={giftBag ? 'edit' : 'create'}
        onModeChange={(next) => next === 'view' && onClose()}
        onCancelCreate={onClose}
        layout="vertical"
        initialValues={initialValues}
        onSubmit={submit}
      >
        <TextAreaField
          name="description"
          label={t('giftBag.description')}
          rows={2}
          maxLength={255}
          rules={rulesFor(['description'])}
        />
        <NumberField
          name="lotteryQuota"
          label={t('giftBag.lotteryQuota')}
          tooltip={giftBag ? t('giftBag.quotaWon', { won }) : t('giftBag.lotteryQuotaHint')}
          min={1}
          max={MAX_LOTTERY_QUOTA}
          precision={0}
          rules={rulesFor(['lotteryQuota'], { required: true })}
        />
        <CustomField
          name="awardIds"
          label={t('giftBag.awards')}
          tooltip={t('giftBag.awardsHint')}
          rules={rulesFor(['awardIds'], { required: true })}
        >
          {({ readOnly }) => (
            <Select
              aria-label={t('giftBag.awards')}
              mode="multiple"
              allowClear
              disabled={readOnly}
              placeholder={t('giftBag.awardsPlaceholder')}
              notFoundContent={t('giftBag.noFreeAwards')}
              showSearch={{ optionFilterProp: 'label' }}
              options={awardOptions}
            />
          )}
        </CustomField>
      </EntityForm>
    </EditorModal>
  );
}
