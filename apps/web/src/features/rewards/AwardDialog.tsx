import { useMemo } from 'react';
import { App, Col, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AWARD_TYPES, DEFAULT_AWARD_TYPE, type AwardType } from '@cmp/domain/activities/gift-bags';
import {
  AwardFieldsSchema,
  MAX_AWARD_AMOUNT,
  MAX_AWARD_UNITS,
  type Award,
  type AwardCreate,
} from '@cmp/domain/rewards/award-contracts';
import type { GiftBag } from '@cmp/domain/rewards/gift-bag-contracts';
import { useDescribeError } from '../../api/describe-error';
import {
  CustomField,
  EditorModal,
  EntityForm,
  NumberField,
  SelectField,
  SwitchField,
  TextField,
} from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { CouponBatchSelect } from '../activities/CouponBatchSelect';
import { useRefreshGiftBags, useRewardsApi } from './rewards-api';

interface AwardValues {
  awardType: AwardType;
  awardCode?: string;
  awardTitle?: string;
  awardSubTitle?: string;
  awardImage?: string;
  needLogistics: boolean;
  awardUnits?: number;
  awardAmount?: number;
  giftBagId?: number;
}

/** The form's values as the contract takes them: an empty text or bag as null, so clearing one clears it. */
const toFields = (values: AwardValues): AwardCreate => ({
  awardType: values.awardType,
  awardCode: values.awardCode ?? '',
  awardTitle: values.awardTitle ?? '',
  awardSubTitle: values.awardSubTitle || null,
  awardImage: values.awardImage || null,
  needLogistics: values.needLogistics,
  awardUnits: values.awardUnits,
  awardAmount: values.awardAmount ?? 0,
  giftBagId: values.giftBagId ?? null,
});

const valuesOf = (award: Award): AwardValues => ({
  awardType: award.awardType,
  awardCode: award.awardCode,
  awardTitle: award.awardTitle,
  awardSubTitle: award.awardSubTitle ?? undefined,
  awardImage: award.awardImage ?? undefined,
  needLogistics: award.needLogistics,
  awardUnits: award.awardUnits,
  awardAmount: award.awardAmount,
  giftBagId: award.giftBagId ?? undefined,
});

export interface AwardDialogProps {
  activityId: number;
  /** The award edited; a new award when left out. */
  award?: Award;
  giftBags: GiftBag[];
  onClose: () => void;
}

/**
 * Creates an award of a lottery or edits one (spec M3.2.1): its coupon batch and coupons per win, its title,
 * picture and logistics, its stock of wins, and the gift bag it is in (none: the activity's pool). Once an
 * award has been given, its batch, coupons per win and bag stay as they were.
 */
export function AwardDialog({ activityId, award, giftBags, onClose }: AwardDialogProps) {
  const { t } = useTranslation('rewards');
  const { message } = App.useApp();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const rewards = useRewardsApi();
  const refresh = useRefreshGiftBags(activityId);
  const rulesFor = useSchemaRules<AwardValues>(AwardFieldsSchema, toFields);
  const given = award !== undefined && award.issueAmount > 0;
  const initialValues = useMemo<AwardValues>(
    () => (award ? valuesOf(award) : { awardType: DEFAULT_AWARD_TYPE, needLogistics: false, awardUnits: 1 }),
    [award],
  );
  const bagOptions = giftBags.map((bag) => ({
    value: bag.giftBagId,
    label: bag.description
      ? `${bag.giftBagId} ${bag.description}`
      : t('giftBag.title', { id: bag.giftBagId }),
  }));

  const submit = async (values: AwardValues) => {
    const fields = toFields(values);
    try {
      if (award) await rewards.updateAward(activityId, award.awardId, { ...fields, version: award.version });
      else await rewards.createAward(activityId, fields);
    } catch (error) {
      void refresh();
      throw new Error(describe(error));
    }
    void message.success(t(award ? 'award.saved' : 'award.created', { name: fields.awardTitle }));
    void refresh();
    onClose();
  };

  return (
    <EditorModal
      title={award ? t('award.editTitle', { name: award.awardTitle }) : t('award.createTitle')}
      width={720}
    >
      <EntityForm<AwardValues>
        name="award"
        mode={award ? 'edit' : 'create'}
        onModeChange={(next) => next === 'view' && onClose()}
        onCancelCreate={onClose}
        layout="vertical"
        initialValues={initialValues}
        onSubmit={submit}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <SelectField
              name="awardType"
              label={t('award.awardType')}
              options={AWARD_TYPES.map((value) => ({ value, label: label('awardType', value) }))}
              disabled={given}
              rules={rulesFor(['awardType'], { required: true })}
            />
          </Col>
          <Col xs={24} md={16}>
            <CustomField
              name="awardCode"
              label={t('award.couponBatch')}
              tooltip={given ? t('award.givenFixed') : undefined}
              rules={rulesFor(['awardCode'], { required: true })}
            >
              {({ readOnly }) => (
                <CouponBatchSelect aria-label={t('award.couponBatch')} disabled={readOnly || given} />
              )}
            </CustomField>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextField
              name="awardTitle"
              label={t('award.awardTitle')}
              maxLength={64}
              rules={rulesFor(['awardTitle'], { required: true })}
            />
          </Col>
          <Col xs={24} md={12}>
            <TextField
              name="awardSubTitle"
              label={t('award.awardSubTitle')}
              maxLength={128}
              rules={rulesFor(['awardSubTitle'])}
            />
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextField
              name="awardImage"
              label={t('award.awardImage')}
              placeholder="https://"
              maxLength={512}
              rules={rulesFor(['awardImage'])}
            />
          </Col>
          <Col xs={24} md={12}>
            <CustomField
              name="giftBagId"
              label={t('award.giftBag')}
              tooltip={given ? t('award.givenFixed') : t('award.giftBagHint')}
              rules={rulesFor(['giftBagId'])}
            >
              {({ readOnly }) => (
                <Select
                  aria-label={t('award.giftBag')}
                  allowClear
                  placeholder={t('award.noGiftBag')}
                  options={bagOptions}
                  disabled={readOnly || given}
                />
              )}
            </CustomField>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <NumberField
              name="awardUnits"
              label={t('award.awardUnits')}
              tooltip={given ? t('award.givenFixed') : t('award.awardUnitsHint')}
              min={1}
              max={MAX_AWARD_UNITS}
              precision={0}
              disabled={given}
              rules={rulesFor(['awardUnits'], { required: true })}
            />
          </Col>
          <Col xs={24} md={8}>
            <NumberField
              name="awardAmount"
              label={t('award.awardAmount')}
              tooltip={
                given ? t('award.amountGiven', { issued: award.issueAmount }) : t('award.awardAmountHint')
              }
              min={1}
              max={MAX_AWARD_AMOUNT}
              precision={0}
              rules={rulesFor(['awardAmount'], { required: true })}
            />
          </Col>
          <Col xs={24} md={8}>
            <SwitchField name="needLogistics" label={t('award.needLogistics')} />
          </Col>
        </Row>
      </EntityForm>
    </EditorModal>
  );
}
