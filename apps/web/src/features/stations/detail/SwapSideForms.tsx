import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SWAP_QUEUE_ADJUST_LIMIT, type SwapStationBasicInfo } from '@cmp/domain/stations/swap-station-info';
import { useTenantApi } from '../../../api/use-tenant-api';
import type { FormDeclaration } from '../../../components';
import { useStationsTenant } from '../../../components/lookups';
import { ParkFeeTagField } from './ParkFeeTagField';
import { saveSwapParking, saveSwapQueueAdjust } from './station-detail-api';
import { stationKeys } from './station-detail-hooks';
import { StationForm, useCachedSave } from './StationForm';
import {
  toSwapParkingForm,
  toSwapParkingSave,
  toSwapQueueAdjustSave,
  type SwapParkingFormValues,
  type SwapQueueAdjustFormValues,
} from './swap-station-form';

interface SwapSideFormProps {
  info: SwapStationBasicInfo;
  onReload: () => void;
}

/** The swap station's parking, saved on its own (with the station's version). */
export function SwapParkingForm({ info, onReload }: SwapSideFormProps) {
  const { t } = useTranslation('stationDetail');
  const client = useTenantApi();
  const tenant = useStationsTenant();
  const cachedSave = useCachedSave();
  const initialValues = useMemo(() => toSwapParkingForm(info), [info]);
  const sections = useMemo<FormDeclaration<SwapParkingFormValues>>(
    () => [
      {
        key: 'parking',
        title: t('section.parking'),
        fields: [
          { type: 'text', name: 'parkNo', label: t('field.parkNo'), maxLength: 64, width: 'full' },
          {
            type: 'element',
            key: 'parkFeeTag',
            names: ['parkFeeTag'],
            render: () => <ParkFeeTagField label={t('field.parkFeeTag')} />,
          },
          { type: 'switch', name: 'parkFeeModify', label: t('field.parkFeeModify'), width: 'full' },
          { type: 'textarea', name: 'parkInfo', label: t('field.parkInfo'), width: 'full', maxLength: 512 },
        ],
      },
    ],
    [t],
  );

  const savesOf = (values: SwapParkingFormValues) => {
    const body = toSwapParkingSave(initialValues, values, info.version);
    const id = info.resourceId;
    return [body && cachedSave(stationKeys.swapStation(tenant, id), () => saveSwapParking(client, id, body))];
  };

  return (
    <StationForm<SwapParkingFormValues>
      resourceId={info.resourceId}
      sections={sections}
      initialValues={initialValues}
      savesOf={savesOf}
      onReload={onReload}
    />
  );
}

/** Moves the swap queue's waiting-time estimate by up to two hours either way. */
export function SwapQueueAdjustForm({ info, onReload }: SwapSideFormProps) {
  const { t } = useTranslation('stationDetail');
  const client = useTenantApi();
  const tenant = useStationsTenant();
  const cachedSave = useCachedSave();
  const initialValues = useMemo(() => ({ swapQueueAdjust: info.swapQueueAdjust }), [info]);
  const sections = useMemo<FormDeclaration<SwapQueueAdjustFormValues>>(
    () => [
      {
        key: 'queueAdjust',
        title: t('section.queueAdjust'),
        fields: [
          {
            type: 'number',
            name: 'swapQueueAdjust',
            label: t('field.swapQueueAdjust'),
            width: 'full',
            // Bounds of its own: the kit's number input refuses negatives unless told otherwise.
            min: -SWAP_QUEUE_ADJUST_LIMIT,
            max: SWAP_QUEUE_ADJUST_LIMIT,
            precision: 0,
            tooltip: t('field.swapQueueAdjustHint', { max: SWAP_QUEUE_ADJUST_LIMIT }),
            required: true,
            range: { min: -SWAP_QUEUE_ADJUST_LIMIT, max: SWAP_QUEUE_ADJUST_LIMIT, integer: true },
          },
        ],
      },
    ],
    [t],
  );

  const savesOf = (values: SwapQueueAdjustFormValues) => {
    const body = toSwapQueueAdjustSave(initialValues, values, info.version);
    const id = info.resourceId;
    return [
      body && cachedSave(stationKeys.swapStation(tenant, id), () => saveSwapQueueAdjust(client, id, body)),
    ];
  };

  return (
    <StationForm<SwapQueueAdjustFormValues>
      resourceId={info.resourceId}
      sections={sections}
      initialValues={initialValues}
      savesOf={savesOf}
      onReload={onReload}
    />
  );
}
