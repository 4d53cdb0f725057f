import { Tag } from 'antd';
import type { UpgradePackageStatus } from '@cmp/domain/upgrade-packages/upgrade-packages';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

const COLORS: Record<UpgradePackageStatus, string> = { 0: 'default', 1: 'success', 2: 'warning' };

export function UpgradePackageStatusTag({ status }: { status: UpgradePackageStatus }) {
  const label = useEnumLabel();
  return <Tag color={COLORS[status]}>{label('upgradePackageStatus', status)}</Tag>;
}
