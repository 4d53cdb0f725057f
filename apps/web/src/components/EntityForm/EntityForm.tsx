import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { ProForm } from '@ant-design/pro-components';
import { Alert, Button, Card, Flex, Form, Modal, Space, theme, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '../hooks/use-throttled-action';
import { SectionFields, type FormDeclaration } from './declaration';
import { differsFrom } from './form-changes';
import { useDrawerLeaveCheck } from './FormDrawer';
import { LeaveGuard, useConfirmDiscard } from './LeaveGuard';

export type EntityFormMode = 'create' | 'view' | 'edit';

const ModeContext = createContext<EntityFormMode>('create');

/** The mode of the surrounding section (or form), for custom fields that render their own read-only form. */
export const useEntityFormMode = (): EntityFormMode => useContext(ModeContext);

export interface EntityFormProps<V extends object> {
  /** The form's instance, for screens that mark fields themselves (e.g. with a server's complaints). */
  form?: FormInstance<V>;
  /**
   * Prefixes the fields' element ids, for a form shown beside another with fields of the same names (a
   * create drawer over a list's search form), so each label still points at its own input.
   */
  name?: string;
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
  /** In create mode, a Cancel beside Create: it asks before dropping what was typed, then calls this. */
  onCancelCreate?: () => void;
  /** False for users who may only read: the entity is shown without an Edit button. */
  editable?: boolean;
  layout?: 'horizontal' | 'vertical';
  /**
   * The form as a declaration: each section a card with its own Edit in its header. Leave out and pass
   * `children` for a form of one part with its Edit at the bottom.
   */
  sections?: FormDeclaration<V>;
  /** Shown in the Save/Cancel bar while editing, e.g. what the change is made for. */
  editFooter?: ReactNode;
  children?: ReactNode;
}

/** antd's validateFields rejects with the failing fields; those are already shown beside the fields. */
const isValidationFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'errorFields' in error;

/** Tells the form whether its values differ from the entity's, re-rendering it only when that flips. */
function ChangeWatch({ initial, onChange }: { initial?: object; onChange: (dirty: boolean) => void }) {
  const form = Form.useFormInstance();
  // `preserve`: the whole store, not only the fields on screen. A form may show part of a value (an admin
  // sees the roles of their own tenants only), and the part not shown is no change.
  const dirty =
    Form.useWatch((values: object) => differsFrom(initial, values), { form, preserve: true }) ?? false;
  useEffect(() => onChange(dirty), [dirty, onChange]);
  return null;
}

/** Save and Cancel (or Create) stay at the bottom of the viewport while the form is longer than it. */
function ActionBar({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={8}
      role="toolbar"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        padding: `${token.paddingSM}px 0`,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorSplit}`,
      }}
    >
      {children}
    </Flex>
  );
}

/**
 * The one editor of the portal. Create mode offers a create button; an existing entity opens read-only
 * with Edit (one per section when the form is declared in sections, one section edited at a time), and
 * edits with Save and Cancel in a bar kept in view. Saving is throttled (one save per double click) and the
 * button is disabled while it runs. Unsaved changes are never dropped silently: Cancel, leaving the page
 * and closing the tab ask first.
 */
export function EntityForm<V extends object>({
  form: givenForm,
  name,
  mode: controlledMode,
  defaultMode = 'view',
  onModeChange,
  initialValues,
  onSubmit,
  extra,
  onCancelCreate,
  editable = true,
  layout = 'horizontal',
  sections,
  editFooter,
  children,
}: EntityFormProps<V>) {
  const { t } = useTranslation('components');
  const [form] = Form.useForm<V>(givenForm);
  const [modal, modalHolder] = Modal.useModal();
  const confirmDiscard = useConfirmDiscard(modal);
  const [ownMode, setOwnMode] = useState(defaultMode);
  const mode = controlledMode ?? ownMode;
  // The section being edited; null edits every section (create, or edit mode set from outside).
  const [editing, setEditing] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [submitError, setSubmitError] = useState<string>();

  const changeMode = (next: EntityFormMode, section: string | null = null) => {
    setOwnMode(next);
    setEditing(section);
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

  // Only a valid form reaches the throttle: a click that fails validation must not block the next one. Each
  // edit of a section has its own throttle, so a save soon after the last one is not taken for its double.
  const save = useThrottledAction(async (values: V, savingMode: 'create' | 'edit') => {
    try {
      await onSubmit(values, savingMode);
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : String(error));
      return;
    }
    if (savingMode === 'edit') changeMode('view');
  }, `${mode}:${editing}`);
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

  // Read the values now: the watched flag follows typing one task later. The whole store, as the watch.
  const mayDropChanges = async () =>
    mode === 'view' || !differsFrom(initialValues, form.getFieldsValue(true)) || confirmDiscard();
  useDrawerLeaveCheck(mayDropChanges);

  // Cancel asks before dropping changes; it goes back to view, or in create mode leaves the form.
  const cancel = async () => {
    if (!(await mayDropChanges())) return;
    if (mode === 'create') {
      onCancelCreate?.();
      return;
    }
    form.resetFields();
    changeMode('view');
  };

  const creating = mode === 'create';
  const saveButtons = (
    <>
      <Button type="primary" disabled={submit.pending} loading={submit.pending} onClick={() => submit.run()}>
        {t(creating ? 'entityForm.create' : 'entityForm.save')}
      </Button>
      {(!creating || onCancelCreate) && (
        <Button disabled={submit.pending} onClick={() => void cancel()}>
          {t('entityForm.cancel')}
        </Button>
      )}
    </>
  );

  const sectionMode = (key: string, sectionEditable: boolean): EntityFormMode =>
    mode === 'edit' && (!sectionEditable || (editing !== null && editing !== key)) ? 'view' : mode;
  const readOnly = (child: ReactNode) => <ModeContext.Provider value="view">{child}</ModeContext.Provider>;

  const body = sections ? (
    sections.map((section) => {
      const sectionEditable = editable && section.editable !== false;
      const current = sectionMode(section.key, sectionEditable);
      return (
        <Card
          key={section.key}
          type="inner"
          title={section.title}
          style={{ marginBottom: 16 }}
          extra={
            sectionEditable &&
            current === 'view' && (
              <Button
                type="link"
                aria-label={t('entityForm.editSection', { section: section.title })}
                // One section at a time: the one being edited has to be saved or cancelled first.
                disabled={mode !== 'view'}
                onClick={() => changeMode('edit', section.key)}
              >
                {t('entityForm.edit')}
              </Button>
            )
          }
        >
          <ModeContext.Provider value={current}>
            <SectionFields<V> fields={section.fields} readOnlyField={readOnly} />
          </ModeContext.Provider>
        </Card>
      );
    })
  ) : (
    <ModeContext.Provider value={mode}>{children}</ModeContext.Provider>
  );

  return (
    <ModeContext.Provider value={mode}>
      {modalHolder}
      {mode !== 'view' && dirty && <LeaveGuard confirm={confirmDiscard} />}
      <ProForm<V>
        form={form}
        name={name}
        layout={layout}
        initialValues={initialValues}
        submitter={false}
        // Typing arms the guard in the same event: the watch below follows a task later, and a Back
        // pressed in between left without asking. The watch still sees changes made by code.
        onValuesChange={() => setDirty(differsFrom(initialValues, form.getFieldsValue(true)))}
      >
        <ChangeWatch initial={initialValues} onChange={setDirty} />
        {body}
        {mode === 'view' ? (
          (extra || (!sections && editable)) && (
            <Space>
              {!sections && editable && (
                <Button type="primary" onClick={() => changeMode('edit')}>
                  {t('entityForm.edit')}
                </Button>
              )}
              {extra}
            </Space>
          )
        ) : (
          <ActionBar>
            {editFooter}
            {submitError !== undefined && <Alert type="error" showIcon title={submitError} />}
            <Space>
              {saveButtons}
              {extra}
            </Space>
          </ActionBar>
        )}
      </ProForm>
    </ModeContext.Provider>
  );
}
