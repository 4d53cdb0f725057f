import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormRule } from 'antd';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import { isCreditCode } from '@cmp/domain/stations/organization-codes';
import { OPERATOR_ID_PATTERN, type OperatorDetail } from '@cmp/domain/stations/operators';
import {
  CustomField,
  EntityForm,
  SwitchField,
  TextField,
  useFormRules,
  type EntityFormMode,
} from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { operatorKeys, useOperatorsApi, useOperatorsTenant } from './operators-api';

export interface OperatorFormValues {
  operatorId: string;
  operatorName: string;
  operatorOrganizationCode?: string | null;
  equipmentOwnerId?: string | null;
  controlledByNio: boolean;
  isSharedPower: boolean;
}

export const EMPTY_OPERATOR: OperatorFormValues = {
  operatorId: '',
  operatorName: '',
  operatorOrganizationCode: null,
  equipmentOwnerId: null,
  controlledByNio: false,
  isSharedPower: false,
};

export const toOperatorForm = (operator: OperatorDetail): OperatorFormValues => ({
  operatorId: operator.operatorId,
  operatorName: operator.operatorName,
  operatorOrganizationCode: operator.operatorOrganizationCode,
  equipmentOwnerId: operator.equipmentOwnerId,
  controlledByNio: operator.controlledByNio,
  isSharedPower: operator.isSharedPower,
});

/** The fields as the server takes them: blanks as null, so a cleared code or owner is cleared. */
export const toOperatorFields = (values: OperatorFormValues) => ({
  operatorName: values.operatorName,
  operatorOrganizationCode: values.operatorOrganizationCode?.trim() || null,
  equipmentOwnerId: values.equipmentOwnerId || null,
  controlledByNio: values.controlledByNio,
  isSharedPower: values.isSharedPower,
});

interface OperatorFormProps {
  defaultMode: EntityFormMode;
  initialValues: OperatorFormValues;
  onSubmit: (values: OperatorFormValues) => Promise<unknown>;
  editable: boolean;
}

/**
 * An operator's own fields: its id (given once, at creation), name, credit code, equipment owner and the
 * two flags. The rules are the server's (`OperatorCreateRequestSchema`), in the catalog's words.
 */
export function OperatorForm({ defaultMode, initialValues, onSubmit, editable }: OperatorFormProps) {
  const { t } = useTranslation('operators');
  const rules = useFormRules();
  const locale = useDomainLocale();
  const api = useOperatorsApi();
  const tenant = useOperatorsTenant();
  const owners = useQuery({
    queryKey: operatorKeys.owners(tenant),
    queryFn: ({ signal }) => api.ownerOptions(signal),
    staleTime: 60_000,
  });
  const ownerOptions = (owners.data?.items ?? []).map((owner) => ({
    value: owner.equipmentOwnerId,
    label: `${owner.equipmentOwnerName} (${owner.equipmentOwnerId})`,
  }));
  const ownerLabel = (id: string | null | undefined) =>
    ownerOptions.find((option) => option.value === id)?.label ?? id ?? '-';

  const ruleOf = (ok: (value: string) => boolean, key: Parameters<typeof ruleMessage>[0]): FormRule => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value === 'string' && value.trim() !== '' && !ok(value.trim()))
        throw new Error(formatMessage(locale, ruleMessage(key)));
    },
  });

  return (
    <EntityForm<OperatorFormValues>
      name={defaultMode === 'create' ? 'operatorCreate' : 'operatorEdit'}
      defaultMode={defaultMode}
      initialValues={initialValues}
      onSubmit={onSubmit}
      editable={editable}
      layout="vertical"
    >
      <TextField
        name="operatorId"
        label={t('field.operatorId')}
        disabled={defaultMode !== 'create'}
        tooltip={defaultMode === 'create' ? t('form.operatorIdHint') : undefined}
        rules={[
          rules.required(),
          rules.maxLength(64),
          ruleOf((v) => OPERATOR_ID_PATTERN.test(v), 'operators.idInvalid'),
        ]}
      />
      <TextField
        name="operatorName"
        label={t('field.operatorName')}
        tooltip={t('form.operatorNameHint')}
        rules={[rules.required(), rules.maxLength(128)]}
      />
      <TextField
        name="operatorOrganizationCode"
        label={t('field.operatorOrganizationCode')}
        placeholder={t('form.creditCodePlaceholder')}
        rules={[rules.maxLength(32), ruleOf(isCreditCode, 'operators.organizationCodeInvalid')]}
      />
      <CustomField name="equipmentOwnerId" label={t('field.equipmentOwner')}>
        {({ readOnly }) =>
          readOnly ? (
            <OwnerText label={ownerLabel} />
          ) : (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={owners.isPending}
              placeholder={t('form.ownerPlaceholder')}
              options={ownerOptions}
            />
          )
        }
      </CustomField>
      <SwitchField name="controlledByNio" label={t('field.controlledByNio')} />
      <SwitchField name="isSharedPower" label={t('field.isSharedPower')} />
    </EntityForm>
  );
}

/** The owner in view mode: the form item hands its value to its one child. */
function OwnerText({
  value,
  label,
}: {
  value?: string | null;
  label: (id: string | null | undefined) => string;
}) {
  return <span>{label(value)}</span>;
}
