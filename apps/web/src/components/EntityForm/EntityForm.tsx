import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { ProForm } from '@ant-design/pro-components';
import { Alert, Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '../hooks/use-throttled-action';

export type EntityFormMode = 'create' | 'view' | 'edit';

const ModeContext = createContext<EntityFormMode>('create');

/** The mode of the surrounding EntityForm, for custom fields that render their own read-only form. */
export const useEntityFormMode = (): EntityFormMode => useContext(ModeContext);

export interface EntityFormProps<V extends object> {
  /** Controlled mode; leave out to let the form switch between view and edit itself. */
  mode?: EntityFormMode;
  /** Starting mode when `mode` is not controlled. */
  defaultMode?: EntityFormMode;
  onModeChange?: (mode: EntityFormMode) => void;
  /** The entity as loaded; new values (e.g. after a refetch) replace the form's unless it is being edited. */
  initialValues?: Partial<V>;
  /** Creates or saves the entity. A failure keeps the form as it is and shows the error's message. */
  onSubmit: (values: V, mode: 'create' | 'edit') => unknown;
  /** Further buttons beside the form's own, e.g. a delete. */
  extra?: ReactNode;
  /** False for users who may only read: the entity is shown without an Edit button. */
  editable?: boolean;
  layout?: 'horizontal' | 'vertical';
  children: ReactNode;
}

/** antd's validateFields rejects with the failing fields; those are already shown beside the fields. */
const isValidationFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'errorFields' in error;

/**
 * The one editor of the portal. Create mode offers a create button; an existing entity opens read-only
 * with Edit, and edits with Save and Cancel. Saving is throttled (one save per double click) and the
 * button is disabled while it runs.
 */
export function EntityForm<V extends object>({
  mode: controlledMode,
  defaultMode = 'view',
  onModeChange,
  initialValues,
  onSubmit,
  extra,
  editable = true,
  layout = 'horizontal',
  children,
}: EntityFormProps<V>) {
  const { t } = useTranslation('components');
  const [form] = Form.useForm<V>();
  const [ownMode, setOwnMode] = useState(defaultMode);
  const mode = controlledMode ?? ownMode;
  const [submitError, setSubmitError] = useState<string>();

  const changeMode = (next: EntityFormMode) => {
    setOwnMode(next);
    setSubmitError(undefined);
    onModeChange?.(next);
  };

  // New entity data replaces what the form shows while it is only shown: a refetch must not wipe what the
  // user is typing (edit), and create forms often get their defaults as a fresh literal on every render.
  // Read through a ref so a mode switch alone does not reset the form.
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
  });
  useEffect(() => {
    if (modeRef.current === 'view') form.resetFields();
  }, [form, initialValues]);

  // Only a valid form reaches the throttle: a click that fails validation must not block the next one.
  const save = useThrottledAction(async (values: V, savingMode: 'create' | 'edit') => {
    try {
      await onSubmit(values, savingMode);
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : String(error));
      return;
    }
    if (savingMode === 'edit') changeMode('view');
  });
  const submit = {
    pending: save.pending,
    run: async () => {
      if (mode === 'view') return;
      setSubmitError(undefined);
      let values: V;
      try {
        values = await form.validateFields();
      } catch (error) {
        if (isValidationFailure(error)) return;
        throw error;
      }
      await save.run(values, mode);
    },
  };

  const cancel = () => {
    form.resetFields();
    changeMode('view');
  };

  const buttons =
    mode === 'create' ? (
      <Button type="primary" disabled={submit.pending} loading={submit.pending} onClick={() => submit.run()}>
        {t('entityForm.create')}
      </Button>
    ) : mode === 'view' ? (
      editable && (
        <Button type="primary" onClick={() => changeMode('edit')}>
          {t('entityForm.edit')}
        </Button>
      )
    ) : (
      <>
        <Button
          type="primary"
          disabled={submit.pending}
          loading={submit.pending}
          onClick={() => submit.run()}
        >
          {t('entityForm.save')}
        </Button>
        <Button disabled={submit.pending} onClick={cancel}>
          {t('entityForm.cancel')}
        </Button>
      </>
    );

  return (
    <ModeContext.Provider value={mode}>
      <ProForm<V>
        form={form}
        layout={layout}
        readonly={mode === 'view'}
        // A read-only form asks nothing of the reader, so it shows no required marks.
        requiredMark={mode !== 'view'}
        initialValues={initialValues}
        submitter={false}
      >
        {children}
        {submitError !== undefined && (
          <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} />
        )}
        <Space>
          {buttons}
          {extra}
        </Space>
      </ProForm>
    </ModeContext.Provider>
  );
}
