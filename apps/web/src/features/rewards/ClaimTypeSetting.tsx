import { App, Flex, Radio, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLAIM_TYPES, type ClaimType } from '@cmp/domain/activities/gift-bags';
import type { GiftBagList } from '@cmp/domain/rewards/gift-bag-contracts';
import { useDescribeError } from '../../api/describe-error';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { rewardKeys, useRefreshGiftBags, useRewardsApi } from './rewards-api';

/**
 * How a lottery gives a bag it drew, each way explained: every award of the bag, or one of them. A change is
 * confirmed and sent with the version read; once users have drawn it is fixed, and says so.
 */
export function ClaimTypeSetting({ list, editable }: { list: GiftBagList; editable: boolean }) {
  const { t } = useTranslation('rewards');
  const { message, modal } = App.useApp();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  const rewards = useRewardsApi();
  const refresh = useRefreshGiftBags(list.activityId);

  const change = useMutation({
    mutationFn: (claimType: ClaimType) =>
      rewards.setClaimType(list.activityId, { claimType, version: list.version }),
    onSuccess: (saved) => {
      queryClient.setQueryData(rewardKeys.giftBags(tenant, list.activityId), saved);
      void message.success(t('claimType.saved', { type: label('claimType', saved.claimType) }));
    },
    onError: (error) => {
      void message.error(describe(error));
      void refresh();
    },
  });

  const choose = (claimType: ClaimType) =>
    modal.confirm({
      title: t('claimType.confirmTitle', { type: label('claimType', claimType) }),
      content: t(`claimType.help.${claimType}`),
      okText: t('claimType.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => change.mutateAsync(claimType).catch(() => undefined),
    });

  return (
    <Flex vertical gap={4}>
      <Radio.Group
        aria-label={t('claimType.label')}
        value={list.claimType}
        disabled={!editable || list.drawn || change.isPending}
        onChange={(event) => choose(event.target.value as ClaimType)}
      >
        <Flex vertical gap={8}>
          {CLAIM_TYPES.map((claimType) => (
            <Radio key={claimType} value={claimType}>
              <Flex vertical>
                <span>{label('claimType', claimType)}</span>
                <Typography.Text type="secondary">{t(`claimType.help.${claimType}`)}</Typography.Text>
              </Flex>
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
      {editable && list.drawn && (
        <Typography.Text type="secondary">{t('claimType.fixedOnceDrawn')}</Typography.Text>
      )}
    </Flex>
  );
}
