import { useMemo } from 'react';
import { App, AutoComplete, Button, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigKeySchema, type ConfigItem } from '@cmp/domain/cloud-config/cloud-config';
import {
  configValueProblems,
  isKnownConfigKey,
  KNOWN_CONFIG_KEYS,
  prettyConfigValue,
} from '@cmp/domain/cloud-config/config-values';
import { formatMessage } from '@cmp/domain/messages/format';
import { ruleMessageOfIssue } from '@cmp/domain/shared/zod-issues';
import { useDescribeError } from '../../api/describe-error';
import { CustomField, EditorModal, EntityForm, TextField } from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useCloudConfigApi, useRefreshCloudConfig } from './cloud-config-api';

interface ItemValues {
  key: string;
  value: string;
  comment?: string;
}

/** Where inside the value a problem is, as a reader follows it: `0 › pictures`. */
const placeOf = (path: (string | number)[]) => path.join(' › ');

/**
 * Adds an item or edits one: its key (the keys with a shape of their own offered first), its value as JSON
 * in a text area, laid out on opening, and its comment. The value is checked as the server checks it, at the
 * field and in the reader's language, with the place inside the value of each problem.
 */
export function ItemEditorDialog({
  namespaceName,
  item,
  onClose,
}: {
  namespaceName: string;
  /** The item edited; a new one when left out. */
  item?: ConfigItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('cloudConfig');
  const { message } = App.useApp();
  const locale = useDomainLocale();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const config = useCloudConfigApi();
  const refresh = useRefreshCloudConfig();
  const [form] = Form.useForm<ItemValues>();
  const key = Form.useWatch('key', form) ?? item?.key ?? '';

  const initialValues = useMemo<Partial<ItemValues>>(
    () =>
      item
        ? { key: item.key, value: prettyConfigValue(item.value), comment: item.comment ?? undefined }
        : { value: '' },
    [item],
  );

  const keyRules: FormRule[] = [
    { required: true, message: formatMessage(locale, { key: 'form.required' }) },
    {
      validator: async (_rule, value: unknown) => {
        const result = ConfigKeySchema.safeParse(value ?? '');
        if (!result.success)
          throw new Error(formatMessage(locale, ruleMessageOfIssue(result.error.issues[0]!)));
      },
    },
  ];
  const valueRules: FormRule[] = [
    { required: true, message: formatMessage(locale, { key: 'form.required' }) },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || value.trim() === '') return;
        const problems = configValueProblems(String(getFieldValue('key') ?? ''), value);
        if (problems.length === 0) return;
        throw new Error(
          problems
            .slice(0, 5)
            .map((p) => {
              const text = formatMessage(locale, p.message);
              return p.path.length === 0 ? text : `${placeOf(p.path)}: ${text}`;
            })
            .join('; '),
        );
      },
    }),
  ];

  const submit = async (values: ItemValues) => {
    try {
      await config.saveItem(namespaceName, {
        key: values.key,
        value: values.value,
        comment: values.comment,
        ...(item ? { version: item.version } : {}),
      });
    } catch (error) {
      void refresh();
      throw new Error(describe(error));
    }
    void message.success(t('item.saved', { key: values.key }));
    void refresh();
    onClose();
  };

  const format = () => {
    const value = form.getFieldValue('value') as string | undefined;
    if (value) form.setFieldValue('value', prettyConfigValue(value));
    void form.validateFields(['value']).catch(() => undefined);
  };

  return (
    <EditorModal title={item ? t('item.editTitle', { key: item.key }) : t('item.createTitle')} width={760}>
      <EntityForm<ItemValues>
        form={form}
        name="configItem"
        mode={item ? 'edit' : 'create'}
        onModeChange={(next) => next === 'view' && onClose()}
        onCancelCreate={onClose}
        layout="vertical"
        initialValues={initialValues}
        onSubmit={submit}
      >
        <CustomField name="key" label={t('item.key')} tooltip={t('item.keyHint')} rules={keyRules}>
          {({ readOnly }) => (
            <AutoComplete
              aria-label={t('item.key')}
              disabled={readOnly || item !== undefined}
              maxLength={128}
              options={KNOWN_CONFIG_KEYS.map((known) => ({
                value: known,
                label: `${known} · ${label('configKey', known)}`,
              }))}
              filterOption={(input, option) => String(option?.value ?? '').includes(input)}
            />
          )}
        </CustomField>
        <CustomField
          name="value"
          label={t('item.value')}
          dependencies={['key']}
          tooltip={t('item.shapeOf', {
            name: isKnownConfigKey(key) ? label('configKey', key) : t('item.anyJson'),
          })}
          rules={valueRules}
        >
          {({ readOnly }) => (
            <Input.TextArea
              aria-label={t('item.value')}
              readOnly={readOnly}
              rows={14}
              spellCheck={false}
              style={{ fontFamily: 'monospace', fontSize: 13 }}
            />
          )}
        </CustomField>
        <Button size="small" onClick={format} style={{ marginTop: -16, marginBottom: 16 }}>
          {t('item.format')}
        </Button>
        <TextField name="comment" label={t('item.comment')} maxLength={255} />
      </EntityForm>
    </EditorModal>
  );
}
