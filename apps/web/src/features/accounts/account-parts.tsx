import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import type { BindingStatus, PersonalCar } from '@cmp/domain/accounts/car-contracts';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { orDash } from '../../components/format';

/** A nickname, marked when it is the one the app gave rather than the user's own. */
export function Nickname({ account }: { account: Pick<PlatformAccount, 'nickName' | 'isDefaultNickname'> }) {
  const { t } = useTranslation('accounts');
  return (
    <Flex gap={4} align="center" wrap>
      <span>{orDash(account.nickName)}</span>
      {account.isDefaultNickname && <Tag>{t('field.defaultNickname')}</Tag>}
    </Flex>
  );
}

/** Active, or deleted in the app (the account stays so its comments and paths still name it). */
export function AccountState({ account }: { account: Pick<PlatformAccount, 'isDelete'> }) {
  const { t } = useTranslation('accounts');
  return account.isDelete ? (
    <Tag color="default">{t('state.deleted')}</Tag>
  ) : (
    <Tag color="green">{t('state.active')}</Tag>
  );
}

export function BindingStatusTag({ status }: { status: BindingStatus }) {
  const label = useEnumLabel();
  return <Tag color={status === 'bound' ? 'blue' : 'default'}>{label('bindingStatus', status)}</Tag>;
}

/** Brand, model and series, each once (the firefly's brand and model share a name). */
export const carModelName = (car: Pick<PersonalCar, 'brand' | 'model' | 'modelSeries'>): string =>
  [...new Set([car.brand, car.model, car.modelSeries].filter(Boolean))].join(' ') || '-';

/**
 * A code of the account service (sign-up channel, source) in words where the portal knows it; codes it does
 * not know show as they are.
 */
export function useAccountCodeLabel(): (kind: 'channel' | 'source', code: string | null) => string {
  const { t } = useTranslation('accounts');
  return (kind, code) => (code ? t(`code.${kind}.${code}`, { defaultValue: code }) : '-');
}
