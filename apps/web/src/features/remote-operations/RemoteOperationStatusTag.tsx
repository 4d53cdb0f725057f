import { Tag } from 'antd';
import type { RemoteOperationStatus } from '@cmp/domain/stations/remote-operations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

const COLORS: Record<RemoteOperationStatus, string> = {
  0: 'default',
  1: 'success',
  2: 'error',
  3: 'processing',
};

export function RemoteOperationStatusTag({ status }: { status: RemoteOperationStatus }) {
  const label = useEnumLabel();
  return <Tag color={COLORS[status]}>{label('remoteOperationStatus', status)}</Tag>;
}
