import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { INVITATION_KIND_PATHS } from '@cmp/domain/invitations/invitation-codes';
import { InvitationRecord } from './InvitationRecord';

/**
 * An account's invitations on its account page: for each kind, who invited this account and the tree of
 * those it invited.
 */
export function AccountInvitations({ accountId }: { accountId: string }) {
  const { t } = useTranslation('invitations');
  return (
    <Tabs
      size="small"
      items={Object.values(INVITATION_KIND_PATHS).map((kind) => ({
        key: kind,
        label: t(`kind.${kind}`),
        children: <InvitationRecord kind={kind} userId={accountId} />,
      }))}
    />
  );
}
