import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvitationKindPath } from '@cmp/domain/invitations/invitation-codes';
import { InvitationRecord } from './InvitationRecord';

/** A user's invitations of the list's kind, in a drawer; closed while `userId` is undefined. */
export function InvitationDrawer({
  kind,
  userId,
  onClose,
}: {
  kind: InvitationKindPath;
  userId: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('invitations');
  return (
    <Drawer
      open={userId !== undefined}
      title={userId !== undefined ? `${t(`kind.${kind}`)} · ${t('record.title', { userId })}` : undefined}
      size={640}
      onClose={onClose}
      destroyOnHidden
    >
      {userId !== undefined && <InvitationRecord key={`${kind}/${userId}`} kind={kind} userId={userId} />}
    </Drawer>
  );
}
