import { useCallback, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FieldError } from '@cmp/domain';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import type { Namespace } from '../../i18n/resources';
import type { EntityFormMode } from './EntityForm';

type Id = string | number;

/**
 * What an editor page of one entity says and does around its form. Its texts are the namespace's
 * `{prefix}.*` keys: created, saved, invalid, conflictTitle, reload, keepEditing, and for a deletable entity
 * deleteTitle, deleteContent, deleteOk, cancel and deleted; each is given `paramsOf` the entity.
 */
export interface EntityEditorSpec<T, V, I extends Id> {
  /** The entity shown; none while creating one. */
  entity: T | undefined;
  form: FormInstance<V>;
  namespace: Namespace;
  /** Where the texts are under the namespace: `editor` unless said. */
  prefix?: string;
  idOf: (entity: T) => I;
  paramsOf: (entity: T) => Record<string, Id>;
  save: (values: V, current: T | undefined) => Promise<T>;
  remove?: (current: T) => Promise<void>;
  detailKey: (id: I) => QueryKey;
  /** What a change of the entity makes stale: the list it shows in, for one. */
  staleKeys: (id: I) => QueryKey[];
  editorPath: (id: I) => string;
  listPath: string;
  /** Fetches the entity again, after a stale version was refused. */
  onReload: () => void;
  /** The rule key of a stale version, answered by the server. */
  versionConflict: string;
  /** The field a refused rule is about, by the rule's key. */
  ruleFields?: Readonly<Record<string, string>>;
}

/**
 * The form's mode and what its buttons do: save (create or update, then view mode, the caches kept, a new
 * entity's own address), delete after confirmation, and a refused save shown where it belongs.
 */
export function useEntityEditor<T, V, I extends Id>(spec: EntityEditorSpec<T, V, I>) {
  const { t } = useTranslation(spec.namespace);
  // The keys are the namespace's own, chosen by the caller: beyond what the typed keys can check.
  const translate = t as unknown as (key: string, params?: Record<string, Id>) => string;
  const text = (key: string, entity?: T) =>
    translate(`${spec.prefix ?? 'editor'}.${key}`, entity === undefined ? undefined : spec.paramsOf(entity));
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<EntityFormMode>(spec.entity ? 'view' : 'create');
  const { onReload } = spec;
  const reload = useCallback(() => {
    setMode('view');
    onReload();
  }, [onReload]);
  const asError = useSaveError(spec, text, reload);

  const refresh = (id: I) =>
    Promise.all(spec.staleKeys(id).map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const submit = async (values: V, submitMode: 'create' | 'edit') => {
    let saved: T;
    try {
      saved = await spec.save(values, submitMode === 'create' ? undefined : spec.entity);
    } catch (error) {
      throw asError(error);
    }
    // View mode in the same update as the saved entity, so that its values replace the form's.
    setMode('view');
    const id = spec.idOf(saved);
    queryClient.setQueryData(spec.detailKey(id), saved);
    void refresh(id);
    if (submitMode === 'create') {
      void message.success(text('created', saved));
      void navigate(spec.editorPath(id), { replace: true });
    } else {
      void message.success(text('saved', saved));
    }
  };

  const { remove } = spec;
  const confirmRemove = remove
    ? (current: T) =>
        modal.confirm({
          title: text('deleteTitle', current),
          content: text('deleteContent', current),
          okText: text('deleteOk'),
          cancelText: text('cancel'),
          okButtonProps: { danger: true },
          onOk: async () => {
            try {
              await remove(current);
            } catch (error) {
              void message.error(asError(error).message);
              return;
            }
            const id = spec.idOf(current);
            queryClient.removeQueries({ queryKey: spec.detailKey(id) });
            await refresh(id);
            void message.success(text('deleted', current));
            void navigate(spec.listPath);
          },
        })
    : undefined;

  return { mode, setMode, submit, confirmRemove };
}

const ruleKeyOf = (details: unknown): string | undefined =>
  typeof details === 'object' && details !== null && 'key' in details && typeof details.key === 'string'
    ? details.key
    : undefined;

const fieldErrorsOf = (details: unknown): FieldError[] =>
  Array.isArray(details)
    ? details.filter(
        (d): d is FieldError =>
          typeof d === 'object' && d !== null && typeof d.path === 'string' && typeof d.message === 'string',
      )
    : [];

/** `body.equipments.1.power` → `equipments`: each editor of the form is one field. */
const formFieldOf = (path: string): string => path.replace(/^body\./, '').split('.')[0] ?? path;

/**
 * Turns a failed save or delete into what the user sees: a refused rule at its field, the fields of a 400
 * at theirs, and a stale version as a question to reload. Answers the message shown above the buttons.
 */
function useSaveError<T, V, I extends Id>(
  spec: EntityEditorSpec<T, V, I>,
  text: (key: string) => string,
  onReload: () => void,
): (error: unknown) => Error {
  const { modal } = App.useApp();
  const describe = useDescribeError();
  return (error: unknown) => {
    if (!(error instanceof ApiError)) return new Error(describe(error));
    const ruleKey = ruleKeyOf(error.details);
    if (ruleKey === spec.versionConflict) {
      modal.confirm({
        title: text('conflictTitle'),
        content: error.message,
        okText: text('reload'),
        cancelText: text('keepEditing'),
        onOk: onReload,
      });
      return new Error(error.message);
    }
    const field = ruleKey === undefined ? undefined : spec.ruleFields?.[ruleKey];
    if (field) {
      spec.form.setFields([{ name: field as never, errors: [error.message] }]);
      return new Error(error.message);
    }
    const details = error.status === 400 ? fieldErrorsOf(error.details) : [];
    if (details.length === 0) return new Error(describe(error));
    const byField = new Map<string, string[]>();
    for (const detail of details) {
      const name = formFieldOf(detail.path);
      byField.set(name, [...(byField.get(name) ?? []), detail.message]);
    }
    spec.form.setFields([...byField].map(([name, errors]) => ({ name: name as never, errors })));
    return new Error(text('invalid'));
  };
}
