import { useEffect, useState } from 'react';
import { App, Divider, Form, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COUPON_EXPIRE_TYPES, COUPON_SUBCLASSES, type CouponBatch } from '@cmp/domain/coupons/coupon-batches';
import { earliestEffectiveDate } from '@cmp/domain/coupons/coupon-batch-rules';
import { COUPON_BIZ_CODES } from '@cmp/domain/coupons/coupon-types';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import {
  FormDrawer,
  CustomField,
  EntityForm,
  NumberField,
  searchTableQueryKey,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  useFormRules,
} from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useOperators, useStationsTenant } from '../../components/lookups';
import { useFieldErrors } from './batch-save-error';
import {
  editorFieldOf,
  INITIAL_BATCH,
  toBatchCreate,
  typesOfBiz,
  type BatchValues,
  type RuleValue,
} from './batch-editor-values';
import { couponBatchDetailPath } from './coupon-links';
import { COUPON_LISTS, useCouponCustomTags, useCouponsApi } from './coupons-api';
import { DayRangeInput } from './DayRangeInput';
import { TagsInput } from './TagsInput';
import { isRuleComplete, RulesEditor } from './RulesEditor';

/** The editor of a new coupon batch, in a drawer over the list; the new batch opens on its page. */
export function CouponBatchEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('coupons');
  return (
    <FormDrawer open={open} onClose={onClose} destroyOnHidden size={820} title={t('editor.title')}>
      <BatchForm onClose={onClose} />
    </FormDrawer>
  );
}

/** Keeps the type one the business allows when the business changes. */
function TypeFollowsBiz({ form }: { form: FormInstance<BatchValues> }) {
  const biz = Form.useWatch('couponBizCode', form);
  const type = Form.useWatch('couponTypeCode', form);
  useEffect(() => {
    const allowed = typesOfBiz(biz);
    if (allowed.length > 0 && (type === undefined || !allowed.includes(type)))
      form.setFieldValue('couponTypeCode', allowed[0]);
  }, [biz, type, form]);
  return null;
}

function BatchForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('coupons');
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const rules = useFormRules();
  const locale = useDomainLocale();
  const operators = useOperators();
  const customTags = useCouponCustomTags();
  const [form] = Form.useForm<BatchValues>();
  const failure = useFieldErrors(form, editorFieldOf);
  const biz = Form.useWatch('couponBizCode', form) ?? INITIAL_BATCH.couponBizCode;
  const type = Form.useWatch('couponTypeCode', form) ?? INITIAL_BATCH.couponTypeCode;
  const expireType = Form.useWatch('expireTypeCode', form) ?? INITIAL_BATCH.expireTypeCode;
  const priceLimited = Form.useWatch('priceLimited', form) ?? false;

  const operatorOptions = (operators.data ?? []).map((o) => ({ value: o.operatorId, label: o.operatorName }));
  const tagOptions = (customTags.data ?? []).map((tag) => ({ value: tag.tagValue, label: tag.tagValue }));

  // The new batch opens once the form is out of create mode: until then its leave guard holds the page.
  const [created, setCreated] = useState<CouponBatch>();
  useEffect(() => {
    if (!created) return;
    onClose();
    void navigate(couponBatchDetailPath(tenant, created.couponBatchId));
  }, [created, onClose, navigate, tenant]);

  const submit = async (values: BatchValues) => {
    try {
      const batch = await coupons.createBatch(toBatchCreate(values));
      void message.success(t('editor.created', { name: batch.batchName }));
      void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, COUPON_LISTS.batches) });
      setCreated(batch);
    } catch (error) {
      throw failure(error);
    }
  };

  return (
    <EntityForm<BatchValues>
      form={form}
      name="coupon-batch"
      mode={created ? 'view' : 'create'}
      editable={false}
      layout="vertical"
      initialValues={INITIAL_BATCH}
      onSubmit={submit}
      onCancelCreate={onClose}
    >
      <TypeFollowsBiz form={form} />
      <Divider titlePlacement="start">{t('editor.sectionBasic')}</Divider>
      <TextField
        name="batchName"
        label={t('field.batchName')}
        maxLength={64}
        rules={[rules.required(), rules.maxLength(64)]}
      />
      <TextField
        name="couponName"
        label={t('field.couponName')}
        maxLength={64}
        rules={[rules.required(), rules.maxLength(64)]}
      />
      <SelectField
        name="couponBizCode"
        label={t('field.couponBizCode')}
        tooltip={t('editor.typeHelp')}
        rules={[rules.required()]}
        options={COUPON_BIZ_CODES.map((value) => ({ value, label: label('couponBiz', value) }))}
      />
      <SelectField
        name="couponTypeCode"
        label={t('field.couponTypeCode')}
        rules={[rules.required()]}
        options={typesOfBiz(biz).map((value) => ({ value, label: label('couponType', value) }))}
      />
      <SelectField
        name="couponSubType"
        label={t('field.couponSubType')}
        rules={[rules.required()]}
        options={COUPON_SUBCLASSES.map((value) => ({ value, label: label('couponSubclass', value) }))}
      />
      <NumberField
        name="amount"
        label={t('field.amount')}
        precision={0}
        rules={[rules.required(), rules.range(1, 10_000_000, { integer: true })]}
      />
      <NumberField
        name="limitPerUser"
        label={t('field.limitPerUser')}
        precision={0}
        rules={[rules.range(1, 1000, { integer: true })]}
      />

      <Divider titlePlacement="start">{t('editor.sectionValue')}</Divider>
      <NumberField
        name="couponValue"
        label={type === 'discount' ? t('editor.valuePercent') : t('editor.valueYuan')}
        precision={2}
        rules={[rules.required(), type === 'discount' ? rules.range(0.01, 100) : rules.range(0.01, 100_000)]}
      />
      <TextField name="couponValueDisplay" label={t('field.couponValueDisplay')} maxLength={64} />
      {type === 'voucher' && (
        <>
          <SwitchField name="priceLimited" label={t('editor.priceLimit')} />
          {priceLimited && (
            <NumberField
              name="totalPrice"
              label={t('field.totalPrice')}
              precision={2}
              rules={[rules.required(), rules.range(0.01, 100_000)]}
            />
          )}
        </>
      )}
      {type === 'discount' && (
        <NumberField
          name="discountCouponCostShare"
          label={t('field.discountCouponCostShare')}
          precision={2}
          rules={[rules.range(0, 100)]}
        />
      )}
      <SwitchField name="priceElectricityFee" label={t('field.priceElectricityFee')} />
      <SwitchField
        name="priceServiceFee"
        label={t('field.priceServiceFee')}
        dependencies={['priceElectricityFee']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, covered: boolean | undefined) => {
              if (!covered && !getFieldValue('priceElectricityFee'))
                throw new Error(formatMessage(locale, ruleMessage('couponBatches.noFeeCovered')));
            },
          }),
        ]}
      />
      <SelectField
        name="expireTypeCode"
        label={t('field.expireTypeCode')}
        rules={[rules.required()]}
        options={COUPON_EXPIRE_TYPES.map((value) => ({ value, label: label('couponExpireType', value) }))}
      />
      {expireType === 'fixed_date' ? (
        <CustomField
          name="days"
          label={t('field.validity')}
          rules={[
            rules.required(),
            {
              validator: async (_rule, days: [string, string] | undefined) => {
                const today = earliestEffectiveDate();
                if (days && days[0] < today)
                  throw new Error(
                    formatMessage(locale, ruleMessage('couponBatches.effectiveInPast', { today })),
                  );
              },
            },
          ]}
        >
          {({ readOnly }) => <DayRangeInput disabled={readOnly} minDay={earliestEffectiveDate()} />}
        </CustomField>
      ) : (
        <NumberField
          name="effectiveDays"
          label={t('field.effectiveDays')}
          precision={0}
          rules={[rules.required(), rules.range(1, 3650, { integer: true })]}
        />
      )}

      <Divider titlePlacement="start">{t('editor.sectionRules')}</Divider>
      <CustomField
        name="rules"
        label={t('field.rules')}
        rules={[
          {
            validator: async (_rule, value: RuleValue[] | undefined) => {
              if ((value ?? []).some((rule) => !isRuleComplete(rule)))
                throw new Error(t('editor.ruleValues'));
            },
          },
        ]}
      >
        {({ readOnly }) => <RulesEditor disabled={readOnly} />}
      </CustomField>
      <SelectField
        name="rangeOperator"
        label={`${t('field.useRange')} · ${t('editor.rangeOperator')}`}
        multiple
        options={operatorOptions}
      />
      <CustomField
        name="rangeChargeStation"
        label={`${t('field.useRange')} · ${t('editor.rangeChargeStation')}`}
      >
        {({ readOnly }) => <TagsInput disabled={readOnly} placeholder={t('editor.ruleValuesHelp')} />}
      </CustomField>
      <SelectField
        name="rangeCustomTag"
        label={`${t('field.useRange')} · ${t('editor.rangeCustomTag')}`}
        multiple
        options={tagOptions}
      />
      <SelectField name="customTag" label={t('field.customTag')} multiple options={tagOptions} />
      <SwitchField name="grantEnable" label={t('field.grantEnable')} />
      <SwitchField name="isTransfer" label={t('field.isTransfer')} />
      <SwitchField name="dilatationEnable" label={t('field.dilatationEnable')} />
      <TextField name="imageUrl" label={t('field.imageUrl')} maxLength={1024} />
      <TextAreaField
        name="couponDescription"
        label={t('field.couponDescription')}
        maxLength={1024}
        rows={3}
      />
    </EntityForm>
  );
}
