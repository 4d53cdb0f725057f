import { App, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  canMoveUpgradePackage,
  UPGRADE_PACKAGE_STATUS_VALUES,
  type UpgradePackageStatus,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { UpgradePackageStatusTag } from './UpgradePackageStatusTag';

/**
 * The package's status as a form control: it offers only the statuses the rules let the saved one move
 * to, and asks before taking another, since releasing or withdrawing decides what chargers may be sent.
 */
export function PackageStatusSelect({
  saved,
  editable,
  readOnly,
  value,
  onChange,
}: {
  saved: UpgradePackageStatus;
  editable: boolean;
  readOnly: boolean;
  value?: UpgradePackageStatus;
  onChange?: (status: UpgradePackageStatus) => void;
}) {
  const { t } = useTranslation('upgradePackages');
  const { modal } = App.useApp();
  const label = useEnumLabel();
  const current = value ?? saved;
  if (readOnly) return <UpgradePackageStatusTag status={current} />;

  const choose = (next: UpgradePackageStatus) => {
    if (next === current) return;
    modal.confirm({
      title: t('detail.statusTitle'),
      content: t('detail.statusContent', {
        from: label('upgradePackageStatus', current),
        to: label('upgradePackageStatus', next),
      }),
      okText: t('detail.statusOk'),
      cancelText: t('detail.cancel'),
      onOk: () => onChange?.(next),
    });
  };

  return (
    <Select<UpgradePackageStatus>
      aria-label={t('field.status')}
      value={current}
      onChange={choose}
      options={UPGRADE_PACKAGE_STATUS_VALUES.filter((status) =>
        canMoveUpgradePackage(saved, status, editable),
      ).map((status) => ({ value: status, label: label('upgradePackageStatus', status) }))}
    />
  );
}
