import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UpgradePackage } from '@cmp/domain/upgrade-packages/upgrade-packages';
import { formatBytes, type SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { upgradePackageDetailPath } from './upgrade-package-links';
import { UpgradePackageStatusTag } from './UpgradePackageStatusTag';

/** The upgrade package list's columns, keyed as the export's. */
export function useUpgradePackageColumns(): SearchTableColumn<UpgradePackage>[] {
  const { t } = useTranslation('upgradePackages');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  return useMemo(() => {
    const yesNo = (value: boolean) => t(value ? 'detail.yes' : 'detail.no');
    const columns: SearchTableColumn<UpgradePackage>[] = [
      {
        key: 'upgradePackageId',
        title: t('field.upgradePackageId'),
        width: 110,
        fixed: 'left',
        render: (p) => (
          <Link to={upgradePackageDetailPath(tenant, p.upgradePackageId)}>{p.upgradePackageId}</Link>
        ),
      },
      {
        key: 'packageType',
        title: t('field.packageType'),
        width: 130,
        render: (p) => label('upgradePackageType', p.packageType),
      },
      {
        key: 'version',
        title: t('field.version'),
        width: 160,
        ellipsis: true,
        sortable: true,
        render: (p) => p.version,
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 100,
        render: (p) => <UpgradePackageStatusTag status={p.status} />,
      },
      {
        key: 'action',
        title: t('field.action'),
        width: 130,
        render: (p) => label('upgradePackageAction', p.action),
      },
      { key: 'isPromotion', title: t('field.isPromotion'), width: 110, render: (p) => yesNo(p.isPromotion) },
      { key: 'editable', title: t('field.editable'), width: 90, render: (p) => yesNo(p.editable) },
      { key: 'fileName', title: t('field.fileName'), width: 200, ellipsis: true, render: (p) => p.fileName },
      { key: 'fileSize', title: t('field.fileSize'), width: 110, render: (p) => formatBytes(p.fileSize) },
      {
        key: 'md5',
        title: t('field.md5'),
        width: 280,
        ellipsis: true,
        hiddenByDefault: true,
        render: (p) => p.md5,
      },
      {
        key: 'createTime',
        title: t('field.createTime'),
        width: 170,
        sortable: true,
        render: (p) => formatTime(p.createTime),
      },
      {
        key: 'updateTime',
        title: t('field.updateTime'),
        width: 170,
        sortable: true,
        render: (p) => formatTime(p.updateTime),
      },
      {
        key: 'releaseNote',
        title: t('field.releaseNote'),
        width: 240,
        ellipsis: true,
        render: (p) => orDash(p.releaseNote),
      },
      { key: 'createdBy', title: t('field.createdBy'), width: 130, render: (p) => p.createdBy },
      {
        key: 'updatedBy',
        title: t('field.updatedBy'),
        width: 130,
        hiddenByDefault: true,
        render: (p) => p.updatedBy,
      },
    ];
    return columns;
  }, [t, label, tenant]);
}
