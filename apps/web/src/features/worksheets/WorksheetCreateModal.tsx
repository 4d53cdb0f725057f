import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Worksheet, WorksheetCreate } from '@cmp/domain/stations/worksheets';
import { describeErrorWithFields } from '../../api/describe-error';
import { EntityForm, TextAreaField, TextField, useFormRules } from '../../components';
import { useRefreshAfterWorksheetChange, useWorksheetsApi } from './worksheets-api';

interface WorksheetCreateModalProps {
  open: boolean;
  /** The station the worksheet is for; left out, the form asks for it. */
  resourceId?: string;
  onClose: () => void;
  onCreated?: (worksheet: Worksheet) => void;
}

interface CreateValues {
  resourceId: string;
  title: string;
  description?: string;
}

export function WorksheetCreateModal({ open, resourceId, onClose, onCreated }: WorksheetCreateModalProps) {
  const { t, i18n } = useTranslation('worksheets');
  const { message } = App.useApp();
  const rules = useFormRules();
  const worksheets = useWorksheetsApi();
  const refresh = useRefreshAfterWorksheetChange();

  const submit = async (values: CreateValues) => {
    const request: WorksheetCreate = {
      resourceId: resourceId ?? values.resourceId.trim(),
      title: values.title,
      description: values.description,
    };
    const created = await worksheets.create(request).catch((error: unknown) => {
      throw new Error(describeErrorWithFields(i18n, error));
    });
    void message.success(t('create.created', { worksheetId: created.worksheetId }));
    onClose();
    onCreated?.(created);
    // The worksheet exists whatever the refresh does; a failed refresh must not read as a failed create.
    void refresh(created);
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} destroyOnHidden title={t('create.title')} width={560}>
      <EntityForm<CreateValues>
        mode="create"
        layout="vertical"
        initialValues={{ resourceId: resourceId ?? '' }}
        onSubmit={submit}
      >
        <TextField
          name="resourceId"
          label={t('field.resourceId')}
          placeholder={t('create.resourceIdHint')}
          disabled={resourceId !== undefined}
          rules={[rules.required(), rules.maxLength(64)]}
        />
        <TextField
          name="title"
          label={t('field.title')}
          maxLength={128}
          rules={[rules.required(), rules.maxLength(128)]}
        />
        <TextAreaField
          name="description"
          label={t('field.description')}
          rows={4}
          maxLength={1024}
          rules={[rules.maxLength(1024)]}
        />
      </EntityForm>
    </Modal>
  );
}
