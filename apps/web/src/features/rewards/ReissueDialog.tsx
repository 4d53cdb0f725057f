import { useMemo, useState } from 'react';
import { Alert, App, Flex, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  POINT_REWARD_NAMES,
  REWARD_TYPES,
  ReissueSchema,
  type Reissue,
  type RewardType,
} from '@cmp/domain/rewards/reward-record-contracts';
import { useDescribeError } from '../../api/describe-error';
import { LeaveGuard, useConfirmDiscard } from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { CouponBatchSelect } from '../activities/CouponBatchSelect';
import { useRefreshRewardList, useRewardsApi } from './rewards-api';

/** The most units a reissue gives, as the contract takes them. */
const MAX_REISSUE_UNITS = 1_000_000;

/** A failed reward and what it was to give, which the form starts from. */
export interface ReissueTarget {
  recordId: number;
  rewardType: RewardType;
  rewardCode: string | null;
  rewardUnits: number;
  rewardName: string;
}

interface ReissueValues {
  rewardType: RewardType;
  rewardCode?: string;
  rewardUnits?: number;
  rewardName?: string;
  reissueDesc?: string;
}

const toRequest =
  (recordId: number) =>
  (values: ReissueValues): Reissue => ({
    recordId,
    rewardType: values.rewardType,
    rewardCode: values.rewardType === 'pe_coupon' ? (values.rewardCode ?? null) : null,
    rewardUnits: values.rewardUnits ?? 0,
    rewardName: values.rewardName ?? '',
    ...(values.reissueDesc?.trim() ? { reissueDesc: values.reissueDesc.trim() } : {}),
  });

export interface ReissueDialogProps {
  target: ReissueTarget;
  /** The list the reward is shown in, read again once it is reissued. */
  list: string;
  onClose: () => void;
}

/**
 * Reissues a failed reward (spec M3.2.11): coupons of a batch or brand points in its place, how many, under
 * what name and why. A refusal (the batch's stock short, the reward reissued meanwhile) is shown here in the
 * server's words and the form stays as typed; closing with changes asks first.
 */
export function ReissueDialog({ target, list, onClose }: ReissueDialogProps) {
  const { t } = useTranslation('rewards');
  const { message, modal } = App.useApp();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const confirmDiscard = useConfirmDiscard(modal);
  const rewards = useRewardsApi();
  const refreshList = useRefreshRewardList();
  const [form] = Form.useForm<ReissueValues>();
  const [dirty, setDirty] = useState(false);
  const request = useMemo(() => toRequest(target.recordId), [target.recordId]);
  const rulesFor = useSchemaRules<ReissueValues>(ReissueSchema, request);
  const rewardType = Form.useWatch('rewardType', form) ?? target.rewardType;

  const reissue = useMutation({
    mutationFn: (body: Reissue) => rewards.reissue(body),
    onSuccess: () => {
      void message.success(t('reissue.done', { id: target.recordId }));
      void refreshList(list);
      onClose();
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values) reissue.mutate(request(values));
  };
  const cancel = async () => {
    if (reissue.isPending) return;
    if (!dirty || (await confirmDiscard())) onClose();
  };

  return (
    <Modal
      open
      title={t('reissue.title', { id: target.recordId })}
      okText={t('reissue.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: reissue.isPending }}
      onOk={() => void submit()}
      onCancel={() => void cancel()}
      mask={{ closable: false }}
      width={560}
    >
      {dirty && <LeaveGuard confirm={confirmDiscard} />}
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('reissue.help')}</Typography.Text>
        <Form<ReissueValues>
          form={form}
          name="reissue"
          layout="vertical"
          initialValues={{
            rewardType: target.rewardType,
            rewardCode: target.rewardCode ?? undefined,
            rewardUnits: target.rewardUnits,
            rewardName: target.rewardName,
          }}
          onValuesChange={(changed: Partial<ReissueValues>) => {
            setDirty(true);
            // A point reward is named by what it is for, a coupon freely: the record's name fits its own type.
            if (changed.rewardType)
              form.setFieldValue(
                'rewardName',
                changed.rewardType === target.rewardType ? target.rewardName : undefined,
              );
          }}
        >
          <Form.Item
            name="rewardType"
            label={t('reissue.rewardType')}
            rules={rulesFor(['rewardType'], { required: true })}
          >
            <Select options={REWARD_TYPES.map((value) => ({ value, label: label('rewardType', value) }))} />
          </Form.Item>
          {rewardType === 'pe_coupon' && (
            <Form.Item
              name="rewardCode"
              label={t('reissue.rewardCode')}
              rules={rulesFor(['rewardCode'], { required: true })}
            >
              <CouponBatchSelect />
            </Form.Item>
          )}
          <Form.Item
            name="rewardUnits"
            label={t(rewardType === 'pe_coupon' ? 'reissue.couponUnits' : 'reissue.pointUnits')}
            rules={rulesFor(['rewardUnits'], { required: true })}
          >
            <InputNumber<number> min={1} max={MAX_REISSUE_UNITS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="rewardName"
            label={t('reissue.rewardName')}
            rules={rulesFor(['rewardName'], { required: true })}
          >
            {rewardType === 'nio_point' ? (
              <Select
                options={POINT_REWARD_NAMES.map((value) => ({
                  value,
                  label: label('pointRewardName', value),
                }))}
              />
            ) : (
              <Input maxLength={64} />
            )}
          </Form.Item>
          <Form.Item name="reissueDesc" label={t('reissue.reissueDesc')} rules={rulesFor(['reissueDesc'])}>
            <Input.TextArea rows={2} maxLength={255} showCount placeholder={t('reissue.reissueDescHint')} />
          </Form.Item>
        </Form>
        {reissue.isError && <Alert type="error" showIcon title={describe(reissue.error)} />}
      </Flex>
    </Modal>
  );
}
