import { useCallback, useMemo, useRef, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SWAP_QUEUE_ADJUST_LIMIT, type SwapStationBasicInfo } from '@cmp/domain/stations/swap-station-info';
import { useTenantApi } from '../../../api/use-tenant-api';
import {
  EntityForm,
  NumberField,
  SwitchField,
  TextAreaField,
  TextField,
  useFormRules,
  type EntityFormMode,
} from '../../../components';
import { useStationsTenant } from '../shared/lookups';
import { FormCapture, useSaveError } from './save-errors';
import { saveSwapParking, saveSwapQueueAdjust } from './station-detail-api';
import { stationKeys, useRefreshAfterStationChange } from './station-detail-hooks';
import { useRangeRule } from './station-fields';
import {
  toSwapParkingForm,
  toSwapParkingSave,
  toSwapQueueAdjustSave,
  type SwapParkingFormValues,
  type SwapQueueAdjustFormValues,
} from './swap-station-form';
import { useCanChange } from '../../../app/session/use-can-change';

interface SwapSideFormProps {
  info: SwapStationBasicInfo;
  onReload: () => void;
}

/**
 * What the parking and queue forms share: a controlled view/edit mode, the save's error handling, and on
 * success the station's new state (and version) in the cache, which every form of the page reads.
 */
function useSwapSideSave(info: SwapStationBasicInfo, onReload: () => void, fields: readonly string[]) {
  const { t } = useTranslation('stationDetail');
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterStationChange(info.resourceId);
  const formRef = useRef<FormInstance | null>(null);
  const [mode, setMode] = useState<EntityFormMode>('view');
  const reload = useCallback(() => {
    setMode('view');
    onReload();
  }, [onReload]);
  const fieldOf = useCallback((field: string) => (fields.includes(field) ? field : undefined), [fields]);
  const asError = useSaveError({ form: formRef, fieldOf, onReload: reload });

  const save = async (request: (() => Promise<SwapStationBasicInfo>) | null) => {
    if (!request) {
      void message.info(t('save.nothingChanged'));
      return;
    }
    const saved = await request().catch((error: unknown) => {
      throw asError(error);
    });
    setMode('view');
    queryClient.setQueryData(stationKeys.swapStation(tenant, info.resourceId), saved);
    void message.success(t('save.done'));
    void refresh();
  };
  return { mode, setMode, formRef, save };
}

const PARKING_FIELDS = ['parkNo', 'parkInfo', 'parkFeeTag', 'parkFeeModify'] as const;

export function SwapParkingForm({ info, onReload }: SwapSideFormProps) {
  const { t } = useTranslation('stationDetail');
  const client = useTenantApi();
  const canChange = useCanChange();
  const rules = useFormRules();
  const initialValues = useMemo(() => toSwapParkingForm(info), [info]);
  const { mode, setMode, formRef, save } = useSwapSideSave(info, onReload, PARKING_FIELDS);

  const submit = (values: SwapParkingFormValues) => {
    const body = toSwapParkingSave(initialValues, values, info.version);
    return save(body && (() => saveSwapParking(client, info.resourceId, body)));
  };

  return (
    <EntityForm<SwapParkingFormValues>
      editable={canChange}
      mode={mode}
      onModeChange={setMode}
      initialValues={initialValues}
      onSubmit={submit}
      layout="vertical"
    >
      <FormCapture into={formRef} />
      <TextField name="parkNo" label={t('field.parkNo')} rules={[rules.maxLength(64)]} />
      <TextField name="parkFeeTag" label={t('field.parkFeeTag')} rules={[rules.maxLength(64)]} />
      <SwitchField name="parkFeeModify" label={t('field.parkFeeModify')} />
      <TextAreaField
        name="parkInfo"
        label={t('field.parkInfo')}
        rows={2}
        maxLength={512}
        rules={[rules.maxLength(512)]}
      />
    </EntityForm>
  );
}

const QUEUE_FIELDS = ['swapQueueAdjust'] as const;

/** Moves the swap queue's waiting-time estimate by up to two hours either way. */
export function SwapQueueAdjustForm({ info, onReload }: SwapSideFormProps) {
  const { t } = useTranslation('stationDetail');
  const client = useTenantApi();
  const canChange = useCanChange();
  const rules = useFormRules();
  const range = useRangeRule();
  const initialValues = useMemo(() => ({ swapQueueAdjust: info.swapQueueAdjust }), [info]);
  const { mode, setMode, formRef, save } = useSwapSideSave(info, onReload, QUEUE_FIELDS);

  const submit = (values: SwapQueueAdjustFormValues) => {
    const body = toSwapQueueAdjustSave(initialValues, values, info.version);
    return save(body && (() => saveSwapQueueAdjust(client, info.resourceId, body)));
  };

  return (
    <EntityForm<SwapQueueAdjustFormValues>
      editable={canChange}
      mode={mode}
      onModeChange={setMode}
      initialValues={initialValues}
      onSubmit={submit}
      layout="vertical"
    >
      <FormCapture into={formRef} />
      <NumberField
        name="swapQueueAdjust"
        label={t('field.swapQueueAdjust')}
        // Bounds of its own: the kit's number input refuses negatives unless told otherwise.
        min={-SWAP_QUEUE_ADJUST_LIMIT}
        max={SWAP_QUEUE_ADJUST_LIMIT}
        precision={0}
        tooltip={t('field.swapQueueAdjustHint', { max: SWAP_QUEUE_ADJUST_LIMIT })}
        rules={[
          rules.required(),
          range(-SWAP_QUEUE_ADJUST_LIMIT, SWAP_QUEUE_ADJUST_LIMIT, { integer: true }),
        ]}
      />
    </EntityForm>
  );
}
