import { Flex, Tag, Typography } from 'antd';
import {
  INVITE_STATUS_ENUMERATION,
  kindOfPath,
  type InvitationKindPath,
} from '@cmp/domain/invitations/invitation-codes';
import type { InviteAccount } from '@cmp/domain/invitations/invitations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

/** Where an invitation stands, by colour: under way, done well, or come to nothing. */
const STATUS_COLORS: Record<string, string> = {
  registered: 'processing',
  rewarded: 'success',
  invalid: 'default',
  invited: 'processing',
  test_drive: 'cyan',
  ordered: 'gold',
  delivered: 'success',
  cancelled: 'default',
};

export function InviteStatusTag({ kind, status }: { kind: InvitationKindPath; status: string | null }) {
  const label = useEnumLabel();
  if (status === null) return null;
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'}>
      {label(INVITE_STATUS_ENUMERATION[kindOfPath(kind)], status)}
    </Tag>
  );
}

/** How a user is called: nickname, else name, else the account id. */
export const accountName = (account: InviteAccount | null, accountId: string): string =>
  account?.nickname || account?.name || accountId;

/** A user as the lists show one: what they are called over their account id. */
export function AccountCell({ account, accountId }: { account: InviteAccount | null; accountId: string }) {
  const name = accountName(account, accountId);
  return (
    <Flex vertical>
      <Typography.Text>{name}</Typography.Text>
      {name !== accountId && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {accountId}
        </Typography.Text>
      )}
    </Flex>
  );
}
