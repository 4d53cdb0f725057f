import { useCallback, useMemo, useRef, useState } from 'react';
import { App, Col, Divider, Row, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChargeStationBasicInfo } from '@cmp/domain/stations/charge-station-info';
import type { ResourceOperatorInfo } from '@cmp/domain/stations/operator-info';
import { useTenantApi } from '../../../api/use-tenant-api';
import {
  CustomField,
  EntityForm,
  NumberField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  useFormRules,
  type EntityFormMode,
} from '../../../components';
import { useStationsTenant } from '../shared/lookups';
import {
  toChargeStationForm,
  toChargeStationSave,
  type ChargeStationFormValues,
} from './charge-station-form';
import { LocationMapField } from './LocationMapField';
import { RegionCascader } from './RegionCascader';
import { FormCapture, useSaveError } from './save-errors';
import { saveChargeStation, saveOperatorInfo } from './station-detail-api';
import { stationKeys, useRefreshAfterStationChange } from './station-detail-hooks';
import {
  BizScenesField,
  BusinessHoursField,
  FeeField,
  useRangeRule,
  useStationOptions,
  WorksheetLinkField,
} from './station-fields';
import { useCanChange } from '../../../app/session/use-can-change';

const FORM_FIELDS = new Set<string>([
  'resourceName',
  'status',
  'description',
  'address',
  'regionId',
  'longitude',
  'latitude',
  'serviceTel',
  'guide',
  'construction',
  'parkFeeModify',
  'parkFeeTag',
  'parkFeeOrigin',
  'payment',
  'matchCars',
  'parkNumbers',
  'parkInfo',
  'supportPowerNorth',
  'bizScenes',
  'businessHours',
  'electricityFee',
  'serviceFee',
  'remark',
  'pictureAppVisible',
]);

const fieldOf = (requestField: string) => (FORM_FIELDS.has(requestField) ? requestField : undefined);

/** Three fields a row on wide screens, one on narrow ones. */
const third = { xs: 24, md: 12, xl: 8 } as const;

interface ChargeStationBasicInfoFormProps {
  info: ChargeStationBasicInfo;
  operatorInfo: ResourceOperatorInfo;
  onReload: () => void;
}

/**
 * A charge station's basic info and operator info in one view/edit form. A save sends only the changed
 * fields with the version they were edited from; business hours and fees are editable only as far as the
 * domain rules allow (the server refuses the rest with 422).
 */
export function ChargeStationBasicInfoForm({
  info,
  operatorInfo,
  onReload,
}: ChargeStationBasicInfoFormProps) {
  const { t } = useTranslation('stationDetail');
  const { message } = App.useApp();
  const canChange = useCanChange();
  const client = useTenantApi();
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const options = useStationOptions();
  const range = useRangeRule();
  const refresh = useRefreshAfterStationChange(info.resourceId);
  const formRef = useRef<FormInstance | null>(null);
  const [mode, setMode] = useState<EntityFormMode>('view');
  const initialValues = useMemo(() => toChargeStationForm(info, operatorInfo), [info, operatorInfo]);

  const reload = useCallback(() => {
    setMode('view');
    onReload();
  }, [onReload]);
  const asError = useSaveError({ form: formRef, fieldOf, onReload: reload });

  const submit = async (values: ChargeStationFormValues) => {
    const changes = toChargeStationSave(initialValues, values, info.version);
    if (!changes.basicInfo && !changes.operatorInfo) {
      void message.info(t('save.nothingChanged'));
      return;
    }
    try {
      if (changes.basicInfo) {
        const saved = await saveChargeStation(client, info.resourceId, changes.basicInfo);
        queryClient.setQueryData(stationKeys.chargeStation(tenant, info.resourceId), saved);
      }
      if (changes.operatorInfo) {
        const saved = await saveOperatorInfo(client, info.resourceId, changes.operatorInfo);
        queryClient.setQueryData(stationKeys.operatorInfo(tenant, info.resourceId), saved);
      }
    } catch (error) {
      throw asError(error);
    }
    // View mode first, so the saved station's values replace the form's (an edited form is never reset).
    setMode('view');
    void message.success(t('save.done'));
    void refresh();
  };

  return (
    <EntityForm<ChargeStationFormValues>
      editable={canChange}
      mode={mode}
      onModeChange={setMode}
      initialValues={initialValues}
      onSubmit={submit}
      layout="vertical"
    >
      <FormCapture into={formRef} />
      <Divider titlePlacement="start">{t('section.basic')}</Divider>
      <Row gutter={24}>
        <Col {...third}>
          <TextField
            name="resourceName"
            label={t('field.resourceName')}
            rules={[rules.required(), rules.maxLength(128)]}
          />
        </Col>
        <Col {...third}>
          <SelectField
            name="status"
            label={t('field.status')}
            options={options.status}
            rules={[rules.required()]}
          />
        </Col>
        <Col {...third}>
          <SelectField name="construction" label={t('field.construction')} options={options.construction} />
        </Col>
        <Col {...third}>
          <BizScenesField />
        </Col>
        <Col {...third}>
          <TextField name="serviceTel" label={t('field.serviceTel')} rules={[rules.maxLength(32)]} />
        </Col>
        <Col {...third}>
          <SwitchField name="supportPowerNorth" label={t('field.supportPowerNorth')} />
        </Col>
        <Col {...third}>
          <TextField name="payment" label={t('field.payment')} rules={[rules.maxLength(255)]} />
        </Col>
        <Col {...third}>
          <TextField name="matchCars" label={t('field.matchCars')} rules={[rules.maxLength(255)]} />
        </Col>
        <Col span={24}>
          <TextAreaField
            name="description"
            label={t('field.description')}
            rows={2}
            maxLength={1024}
            rules={[rules.maxLength(1024)]}
          />
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.location')}</Divider>
      <Row gutter={24}>
        <Col {...third}>
          <CustomField name="regionId" label={t('field.region')}>
            {({ readOnly }) => (
              <RegionCascader
                readOnly={readOnly}
                fallbackLabel={info.region}
                aria-label={t('field.region')}
              />
            )}
          </CustomField>
        </Col>
        <Col {...third}>
          <NumberField
            name="longitude"
            label={t('field.longitude')}
            precision={6}
            rules={[rules.required(), range(-180, 180)]}
          />
        </Col>
        <Col {...third}>
          <NumberField
            name="latitude"
            label={t('field.latitude')}
            precision={6}
            rules={[rules.required(), range(-90, 90)]}
          />
        </Col>
        <Col span={24}>
          <TextField name="address" label={t('field.address')} rules={[rules.maxLength(255)]} />
        </Col>
        <Col span={24}>
          <TextAreaField
            name="guide"
            label={t('field.guide')}
            rows={2}
            maxLength={1024}
            rules={[rules.maxLength(1024)]}
          />
        </Col>
        <Col span={24} style={{ marginBottom: 24 }}>
          <LocationMapField stationName={info.resourceName} />
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.parking')}</Divider>
      <Row gutter={24}>
        <Col {...third}>
          <NumberField
            name="parkNumbers"
            label={t('field.parkNumbers')}
            rules={[range(0, 9999, { integer: true })]}
          />
        </Col>
        <Col {...third}>
          <SwitchField name="parkFeeModify" label={t('field.parkFeeModify')} />
        </Col>
        <Col {...third}>
          <TextField name="parkFeeTag" label={t('field.parkFeeTag')} rules={[rules.maxLength(64)]} />
        </Col>
        <Col span={24}>
          <TextAreaField
            name="parkFeeOrigin"
            label={t('field.parkFeeOrigin')}
            rows={2}
            maxLength={512}
            rules={[rules.maxLength(512)]}
          />
        </Col>
        <Col span={24}>
          <TextAreaField
            name="parkInfo"
            label={t('field.parkInfo')}
            rows={2}
            maxLength={512}
            rules={[rules.maxLength(512)]}
          />
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.hoursAndFees')}</Divider>
      <BusinessHoursField
        name="businessHours"
        label={t('field.businessHours')}
        editable={info.canModifyBusinessHours}
      />
      <FeeField
        name="electricityFee"
        label={t('field.electricityFee')}
        kind="electricity"
        editable={info.canModifyElectricityFee}
      />
      <FeeField
        name="serviceFee"
        label={t('field.serviceFee')}
        kind="service"
        editable={info.canModifyServiceFee}
      />

      <Divider titlePlacement="start">{t('section.operatorInfo')}</Divider>
      <Row gutter={24}>
        <Col {...third}>
          <SwitchField name="pictureAppVisible" label={t('field.pictureAppVisible')} />
        </Col>
        <Col span={24}>
          <TextAreaField
            name="remark"
            label={t('field.remark')}
            rows={2}
            maxLength={512}
            rules={[rules.maxLength(512)]}
          />
        </Col>
        <Col {...third}>
          <WorksheetLinkField resourceId={info.resourceId} />
        </Col>
      </Row>
    </EntityForm>
  );
}
