import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeStationBasicInfo } from '@cmp/domain/stations/charge-station-info';
import { MATCH_CAR_DICT_TYPE, PAYMENT_METHOD_DICT_TYPE } from '@cmp/domain/stations/dictionaries';
import type { ResourceOperatorInfo } from '@cmp/domain/stations/operator-info';
import { useTenantApi } from '../../../api/use-tenant-api';
import type { DeclaredField, FormDeclaration } from '../../../components';
import { useStationsTenant } from '../../../components/lookups';
import { DictionaryListInput } from './DictionaryListInput';
import { ParkFeeTagField } from './ParkFeeTagField';
import {
  toChargeStationForm,
  toChargeStationSave,
  type ChargeStationFormValues,
} from './charge-station-form';
import { saveChargeStation, saveOperatorInfo } from './station-detail-api';
import { stationKeys } from './station-detail-hooks';
import { useStationFields, WorksheetLinkField } from './station-fields';
import { StationForm, useCachedSave } from './StationForm';

interface ChargeStationBasicInfoFormProps {
  info: ChargeStationBasicInfo;
  operatorInfo: ResourceOperatorInfo;
  onReload: () => void;
}

/** A comma list of names picked from a dictionary (`DictionaryListInput`). */
const dictionaryList = (
  name: 'payment' | 'matchCars',
  label: string,
  dictTypeCode: string,
): DeclaredField<ChargeStationFormValues> => ({
  type: 'custom',
  name,
  label,
  maxLength: 255,
  render: ({ readOnly }) => (
    <DictionaryListInput dictTypeCode={dictTypeCode} label={label} readOnly={readOnly} />
  ),
});

/** The charge station's sections: its own fields around the ones every station has. */
function useChargeStationSections(info: ChargeStationBasicInfo): FormDeclaration<ChargeStationFormValues> {
  const { t } = useTranslation('stationDetail');
  const fields = useStationFields();
  const { field } = fields;
  return useMemo(
    () => [
      {
        key: 'basic',
        title: t('section.basic'),
        fields: [
          fields.resourceName,
          fields.status,
          fields.construction,
          fields.bizScenes,
          { type: 'text', name: 'serviceTel', label: field('serviceTel'), maxLength: 32, phone: true },
          { type: 'switch', name: 'supportPowerNorth', label: field('supportPowerNorth') },
          dictionaryList('payment', field('payment'), PAYMENT_METHOD_DICT_TYPE),
          dictionaryList('matchCars', field('matchCars'), MATCH_CAR_DICT_TYPE),
          fields.description,
        ],
      },
      fields.location({ info }),
      {
        key: 'parking',
        title: t('section.parking'),
        fields: [
          {
            type: 'number',
            name: 'parkNumbers',
            label: field('parkNumbers'),
            range: { min: 0, max: 9999, integer: true },
          },
          { type: 'switch', name: 'parkFeeModify', label: field('parkFeeModify') },
          {
            type: 'element',
            key: 'parkFeeTag',
            width: 'third',
            render: () => <ParkFeeTagField label={field('parkFeeTag')} />,
          },
          {
            type: 'textarea',
            name: 'parkFeeOrigin',
            label: field('parkFeeOrigin'),
            width: 'full',
            maxLength: 512,
          },
          { type: 'textarea', name: 'parkInfo', label: field('parkInfo'), width: 'full', maxLength: 512 },
        ],
      },
      {
        key: 'hoursAndFees',
        title: t('section.hoursAndFees'),
        fields: [
          fields.businessHours('businessHours', field('businessHours')),
          fields.fee('electricityFee', 'electricity', info.canModifyElectricityFee),
          fields.fee('serviceFee', 'service', info.canModifyServiceFee),
        ],
      },
      fields.operatorInfo,
    ],
    [t, fields, field, info],
  );
}

/**
 * A charge station's basic info and operator info, section by section. A save sends only the changed
 * fields with the version they were edited from; fees priced as ranges are shown but not edited (the
 * server refuses them with 422).
 */
export function ChargeStationBasicInfoForm({
  info,
  operatorInfo,
  onReload,
}: ChargeStationBasicInfoFormProps) {
  const client = useTenantApi();
  const tenant = useStationsTenant();
  const cachedSave = useCachedSave();
  const sections = useChargeStationSections(info);
  const initialValues = useMemo(() => toChargeStationForm(info, operatorInfo), [info, operatorInfo]);

  const savesOf = (values: ChargeStationFormValues) => {
    const { basicInfo, operatorInfo: operator } = toChargeStationSave(initialValues, values, info.version);
    const id = info.resourceId;
    return [
      basicInfo &&
        cachedSave(stationKeys.chargeStation(tenant, id), () => saveChargeStation(client, id, basicInfo)),
      operator &&
        cachedSave(stationKeys.operatorInfo(tenant, id), () => saveOperatorInfo(client, id, operator)),
    ];
  };

  return (
    <StationForm<ChargeStationFormValues>
      resourceId={info.resourceId}
      sections={sections}
      initialValues={initialValues}
      savesOf={savesOf}
      onReload={onReload}
      editFooter={<WorksheetLinkField resourceId={info.resourceId} />}
    />
  );
}
