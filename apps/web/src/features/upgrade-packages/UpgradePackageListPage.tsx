import { useMemo, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  UPGRADE_PACKAGE_STATUS_VALUES,
  UPGRADE_PACKAGE_TYPES,
  type UpgradePackage,
  UpgradePackageListQuerySchema,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { UploadPackageDrawer } from './UploadPackageDrawer';
import { toUpgradePackageFilter, toUpgradePackageListQuery } from './upgrade-package-list-query';
import { UPGRADE_PACKAGE_LIST, UPGRADE_PACKAGES, useUpgradePackagesApi } from './upgrade-packages-api';
import { useUpgradePackageColumns } from './use-upgrade-package-columns';

/**
 * The tenant's firmware upgrade packages (spec M3.10.1): by type, status and version, with export;
 * operators upload a package here, and a package opens on its page, where it is released and sent.
 */
export default function UpgradePackageListPage() {
  const { t } = useTranslation('upgradePackages');
  const tenant = useStationsTenant();
  const packages = useUpgradePackagesApi();
  const canChange = useCanChange();
  const label = useEnumLabel();
  const columns = useUpgradePackageColumns();
  const [uploading, setUploading] = useState(false);

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'select',
        name: 'packageType',
        label: t('field.packageType'),
        options: UPGRADE_PACKAGE_TYPES.map((type) => ({
          value: type,
          label: label('upgradePackageType', type),
        })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('field.status'),
        options: UPGRADE_PACKAGE_STATUS_VALUES.map((status) => ({
          value: status,
          label: label('upgradePackageStatus', status),
        })),
      },
      { type: 'input', name: 'version', label: t('field.version'), placeholder: t('filter.partOf') },
    ],
    [t, label],
  );

  return (
    <>
      <SearchTable<UpgradePackage>
        querySchema={UpgradePackageListQuerySchema}
        persistKey={UPGRADE_PACKAGE_LIST}
        tenant={tenant}
        rowKey="upgradePackageId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => packages.list(toUpgradePackageListQuery(params), signal)}
        actions={({ params, columns: shown }) => [
          ...(canChange
            ? [
                <Button
                  key="upload"
                  type="primary"
                  icon={<UploadOutlined />}
                  onClick={() => setUploading(true)}
                >
                  {t('list.upload')}
                </Button>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${UPGRADE_PACKAGES}/export`}
            query={toUpgradePackageFilter(params)}
            columns={shown}
            fileName="upgrade-packages"
          />,
        ]}
      />
      <UploadPackageDrawer open={uploading} onClose={() => setUploading(false)} />
    </>
  );
}
