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

// Field names carry the form's prefix: the pages hosting this modal have forms of their own (the list's
// search form has a resourceId, the station's basic info a description), and two inputs with one id would
// tie a label to the other one.
interface CreateValues {
  worksheetStation: string;
  worksheetTitle: string;
  worksheetDescription?: string;
}

export function WorksheetCreateModal({ open, resourceId, onClose, onCreated }: WorksheetCreateModalProps) {
  const { t, i18n } = useTranslation('worksheets');
  const { message } = App.useApp();
  const rules = useFormRules();
  const worksheets = useWorksheetsApi();
  const refresh = useRefreshAfterWorksheetChange();

  const submit = async (values: CreateValues) => {
    const request: WorksheetCreate = {
      resourceId: resourceId ?? values.worksheetStation.trim(),
      title: values.worksheetTitle,
      description: values.worksheetDescription,
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
        initialValues={{ worksheetStation: resourceId ?? '' }}
        onSubmit={submit}
      >
        <TextField
          name="worksheetStation"
          label={t('field.resourceId')}
          placeholder={t('create.resourceIdHint')}
          disabled={resourceId !== undefined}
          rules={[rules.required(), rules.maxLength(64)]}
        />
        <TextField
          name="worksheetTitle"
          label={t('field.title')}
          maxLength={128}
          rules={[rules.required(), rules.maxLength(128)]}
        />
        <TextAreaField
          name="worksheetDescription"
          label={t('field.description')}
          rows={4}
          maxLength={1024}
          rules={[rules.maxLength(1024)]}
        />
      </EntityForm>
    </Modal>
  );
}
