import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { App, Form } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCanChange } from '../../../app/session/use-can-change';
import {
  declaredFieldNames,
  EntityForm,
  type EntityFormMode,
  type FormDeclaration,
} from '../../../components';
import { useSaveError } from './save-errors';
import { useRefreshAfterStationChange } from './station-detail-hooks';

/** One request of a save; it puts the station as saved into the query cache, which every form reads. */
export type StationSaveRequest = () => Promise<void>;

/** A request that sends with `send` and keeps the answer under `key`, where the page reads the station. */
export function useCachedSave(): <T>(key: QueryKey, send: () => Promise<T>) => StationSaveRequest {
  const queryClient = useQueryClient();
  return useCallback(
    (key, send) => async () => {
      queryClient.setQueryData(key, await send());
    },
    [queryClient],
  );
}

interface StationFormProps<V extends object> {
  resourceId: string;
  sections: FormDeclaration<V>;
  initialValues: V;
  /** The requests that save what changed between the loaded values and these; null where nothing did. */
  savesOf: (values: V) => (StationSaveRequest | null)[];
  /** Loads the station again after someone else changed it. */
  onReload: () => void;
  /** Request fields the form shows under another name (e.g. a reason asked for under a new label). */
  renamedFields?: Readonly<Record<string, string>>;
  editFooter?: ReactNode;
}

/**
 * A station's form on its detail page: the declared sections in view and edit mode, a save that sends only
 * the changed fields, the server's refusals shown beside their fields, and the station reloaded after.
 */
export function StationForm<V extends object>({
  resourceId,
  sections,
  initialValues,
  savesOf,
  onReload,
  renamedFields,
  editFooter,
}: StationFormProps<V>) {
  const { t } = useTranslation('stationDetail');
  const { message } = App.useApp();
  const canChange = useCanChange();
  const refresh = useRefreshAfterStationChange(resourceId);
  const [form] = Form.useForm<V>();
  const [mode, setMode] = useState<EntityFormMode>('view');
  const shown = useMemo(() => declaredFieldNames(sections), [sections]);
  const fieldOf = useCallback(
    (field: string) => renamedFields?.[field] ?? (shown.has(field) ? field : undefined),
    [renamedFields, shown],
  );
  const reload = useCallback(() => {
    setMode('view');
    onReload();
  }, [onReload]);
  const asError = useSaveError({ form, fieldOf, onReload: reload });

  const submit = async (values: V) => {
    const saves = savesOf(values).filter((save) => save !== null);
    if (saves.length === 0) {
      void message.info(t('save.nothingChanged'));
      return;
    }
    try {
      for (const save of saves) await save();
    } catch (error) {
      throw asError(error);
    }
    // View mode in the same update as the saved station, so its values replace the form's (an edited form
    // is never reset).
    setMode('view');
    void message.success(t('save.done'));
    void refresh();
  };

  return (
    <EntityForm<V>
      form={form}
      editable={canChange}
      mode={mode}
      onModeChange={setMode}
      initialValues={initialValues}
      onSubmit={submit}
      layout="vertical"
      sections={sections}
      editFooter={editFooter}
    />
  );
}
