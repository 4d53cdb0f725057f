import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Worksheet, WorksheetCreate } from '@cmp/domain/stations/worksheets';
import { describeErrorWithFields } from '../../api/describe-error';
import { useFormRules } from '../../components';
import { StationSelect } from './StationSelect';
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

/**
 * A new worksheet in a dialog with the usual footer: Cancel, then Create (primary) at the right. The station
 * is picked by searching its name or id, or fixed when the dialog opens from the station itself.
 */
export function WorksheetCreateModal({ open, resourceId, onClose, onCreated }: WorksheetCreateModalProps) {
  const { t, i18n } = useTranslation('worksheets');
  const { message } = App.useApp();
  const rules = useFormRules();
  const worksheets = useWorksheetsApi();
  const refresh = useRefreshAfterWorksheetChange();
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const request: WorksheetCreate = {
      resourceId: resourceId ?? values.worksheetStation,
      title: values.worksheetTitle,
      description: values.worksheetDescription,
    };
    setSaving(true);
    setFailure(undefined);
    try {
      const created = await worksheets.create(request);
      void message.success(t('create.created', { worksheetId: created.worksheetId }));
      onClose();
      onCreated?.(created);
      // The worksheet exists whatever the refresh does; a failed refresh must not read as a failed create.
      void refresh(created);
    } catch (error) {
      setFailure(describeErrorWithFields(i18n, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      width={560}
      okText={t('create.submit')}
      cancelText={t('create.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => setFailure(undefined)}
      destroyOnHidden
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ worksheetStation: resourceId }}
        // Enter in the title sends the form, as the OK button does.
        onFinish={() => void submit()}
      >
        <Form.Item name="worksheetStation" label={t('create.station')} rules={[rules.required()]}>
          <StationSelect disabled={resourceId !== undefined} />
        </Form.Item>
        <Form.Item
          name="worksheetTitle"
          label={t('field.title')}
          rules={[rules.required(), rules.maxLength(128)]}
        >
          <Input allowClear maxLength={128} />
        </Form.Item>
        <Form.Item name="worksheetDescription" label={t('field.description')} rules={[rules.maxLength(1024)]}>
          <Input.TextArea rows={4} maxLength={1024} showCount />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
