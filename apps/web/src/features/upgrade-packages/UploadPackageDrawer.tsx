import { useState } from 'react';
import { App, Progress } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  UPGRADE_PACKAGE_ACTIONS,
  UPGRADE_PACKAGE_TYPES,
  UpgradePackageCreateFieldsSchema,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { useDescribeError } from '../../api/describe-error';
import {
  FormDrawer,
  CustomField,
  EntityForm,
  FileUpload,
  searchTableQueryKey,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  useFormRules,
} from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { UPGRADE_PACKAGE_LIST, uploadUpgradePackage } from './upgrade-packages-api';
import { useSchemaRule } from './schema-rule';

interface UploadValues {
  file?: File;
  packageType: string;
  version: string;
  action: string;
  md5?: string;
  releaseNote?: string;
  isPromotion: boolean;
}

const INITIAL: Partial<UploadValues> = {
  packageType: 'DCPowerCharger',
  action: 'install_now',
  isPromotion: false,
};
const FIELDS = UpgradePackageCreateFieldsSchema.shape;

/**
 * Uploads a package: the firmware file with its type, version, action, release note, promotion flag and
 * optionally its md5, which the server checks against the file. The bar shows how much has been sent;
 * the new package (a draft) heads the list. The file's size limit is the server's (FIRMWARE_MAX_MB),
 * which answers a larger file with its limit.
 */
export function UploadPackageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('upgradePackages');
  return (
    <FormDrawer open={open} onClose={onClose} destroyOnHidden size={560} title={t('upload.title')}>
      <UploadForm onClose={onClose} />
    </FormDrawer>
  );
}

function UploadForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('upgradePackages');
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const label = useEnumLabel();
  const rules = useFormRules();
  const versionRule = useSchemaRule(FIELDS.version);
  const md5Rule = useSchemaRule(FIELDS.md5);
  const [percent, setPercent] = useState<number>();

  const submit = async ({ file, ...fields }: UploadValues) => {
    if (!file) throw new Error(t('upload.fileRequired'));
    setPercent(0);
    try {
      const uploaded = await uploadUpgradePackage(tenant, fields, file, setPercent);
      void message.success(t('upload.uploaded', { version: uploaded.version }));
      void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, UPGRADE_PACKAGE_LIST) });
      onClose();
    } catch (error) {
      throw new Error(describe(error));
    } finally {
      setPercent(undefined);
    }
  };

  return (
    <EntityForm<UploadValues>
      name="upload-package"
      defaultMode="create"
      onModeChange={(next) => next === 'view' && onClose()}
      layout="vertical"
      initialValues={INITIAL}
      onSubmit={submit}
      editFooter={percent !== undefined && <Progress percent={percent} size="small" status="active" />}
    >
      <CustomField name="file" label={t('field.file')} rules={[rules.required()]}>
        {({ readOnly }) => (
          <FileUpload
            disabled={readOnly}
            label={t('upload.chooseFile')}
            maxBytes={Number.POSITIVE_INFINITY}
          />
        )}
      </CustomField>
      <SelectField
        name="packageType"
        label={t('field.packageType')}
        rules={[rules.required()]}
        options={UPGRADE_PACKAGE_TYPES.map((type) => ({
          value: type,
          label: label('upgradePackageType', type),
        }))}
      />
      <TextField
        name="version"
        label={t('field.version')}
        maxLength={64}
        rules={[rules.required(), versionRule]}
      />
      <SelectField
        name="action"
        label={t('field.action')}
        rules={[rules.required()]}
        options={UPGRADE_PACKAGE_ACTIONS.map((action) => ({
          value: action,
          label: label('upgradePackageAction', action),
        }))}
      />
      <TextField
        name="md5"
        label={t('field.md5')}
        tooltip={t('upload.md5Help')}
        maxLength={32}
        rules={[md5Rule]}
      />
      <TextAreaField name="releaseNote" label={t('field.releaseNote')} maxLength={1024} rows={4} />
      <SwitchField name="isPromotion" label={t('field.isPromotion')} />
    </EntityForm>
  );
}
