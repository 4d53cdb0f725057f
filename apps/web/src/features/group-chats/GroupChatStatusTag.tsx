import { Tag } from 'antd';
import type { ChatStatus } from '@cmp/domain/chats/chat-statuses';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

const COLORS: Partial<Record<ChatStatus, string>> = {
  NORMAL: 'green',
  INVALID: 'orange',
  DESTROY: 'default',
};

export function GroupChatStatusTag({ status }: { status: ChatStatus }) {
  const label = useEnumLabel();
  return <Tag color={COLORS[status] ?? 'red'}>{label('chatStatus', status)}</Tag>;
}
