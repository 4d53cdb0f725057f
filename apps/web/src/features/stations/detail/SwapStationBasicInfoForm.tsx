import { useCallback, useMemo, useRef, useState } from 'react';
import {
  App,
  Col,
  Divider,
  Form,
  Row,
  Select,
  Space,
  Tag,
  Typography,
  type FormInstance,
  type FormRule,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@cmp/domain/messages/format';
import { MAX_CHARGER_TOTAL, MAX_CHARGING_POWER } from '@cmp/domain/stations/charger-limits';
import type { ResourceOperatorInfo } from '@cmp/domain/stations/operator-info';
import type { SwapStationBasicInfo } from '@cmp/domain/stations/swap-station-info';
import { useTenantApi } from '../../../api/use-tenant-api';
import {
  CustomField,
  EntityForm,
  NumberField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  useEntityFormMode,
  useFormRules,
  type EntityFormMode,
} from '../../../components';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { useStationsTenant } from '../shared/lookups';
import { LocationMapField } from './LocationMapField';
import { RegionCascader } from './RegionCascader';
import { FormCapture, useSaveError } from './save-errors';
import { saveOperatorInfo, saveSwapStation } from './station-detail-api';
import { stationKeys, useRefreshAfterStationChange } from './station-detail-hooks';
import { BusinessHoursField, useRangeRule, useStationOptions, WorksheetLinkField } from './station-fields';
import { toSwapStationForm, toSwapStationSave, type SwapStationFormValues } from './swap-station-form';
import { useCanChange } from '../../../app/session/use-can-change';

const FORM_FIELDS = new Set<string>([
  'resourceName',
  'registrationCode',
  'softwareVersion',
  'hardwareVersion',
  'firmwareVersion',
  'description',
  'regionId',
  'address',
  'longitude',
  'latitude',
  'construction',
  'guide',
  'chargerTotalNumberAc',
  'chargerTotalNumberDc',
  'chargingPowerTotalMin',
  'chargingPowerTotalMax',
  'workLine',
  'hasClone',
  'cloneLongitude',
  'cloneLatitude',
  'cloneDescription',
  'deviceSupervisor',
  'deputyRegionId',
  'deviceSupplier',
  'followers',
  'openingHours',
  'remark',
  'pictureAppVisible',
]);

const fieldOf = (requestField: string) =>
  requestField === 'workLineUpdateReason'
    ? 'workLineChangeReason'
    : FORM_FIELDS.has(requestField)
      ? requestField
      : undefined;

const third = { xs: 24, md: 12, xl: 8 } as const;
const MAX_FOLLOWERS = 20;

function FollowersInput({
  value = [],
  onChange,
  label,
}: {
  value?: string[];
  onChange?: (followers: string[]) => void;
  label: string;
}) {
  const { t } = useTranslation('stationDetail');
  if (useEntityFormMode() === 'view') {
    return value.length === 0 ? (
      <Typography.Text>-</Typography.Text>
    ) : (
      <Space size={[0, 4]} wrap>
        {value.map((follower) => (
          <Tag key={follower}>{follower}</Tag>
        ))}
      </Space>
    );
  }
  return (
    <Select<string[]>
      aria-label={label}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', '，', ' ']}
      placeholder={t('placeholder.followers')}
      value={value}
      onChange={(next) => onChange?.([...new Set(next.map((f) => f.trim()).filter(Boolean))])}
    />
  );
}

/** The reason field appears once the work line is changed, and a change cannot be saved without it. */
function WorkLineReason({
  initialWorkLine,
  lastReason,
}: {
  initialWorkLine: string | null;
  lastReason: string | null;
}) {
  const { t } = useTranslation('stationDetail');
  const rules = useFormRules();
  const mode = useEntityFormMode();
  const workLine: unknown = Form.useWatch('workLine');
  const changed = (typeof workLine === 'string' ? workLine.trim() : '') !== (initialWorkLine ?? '');
  if (mode === 'view' || !changed) {
    return (
      <Form.Item label={t('field.workLineUpdateReason')}>
        <Typography.Text>{lastReason || '-'}</Typography.Text>
      </Form.Item>
    );
  }
  return (
    <TextAreaField
      name="workLineChangeReason"
      label={t('field.workLineChangeReason')}
      rows={2}
      maxLength={255}
      rules={[rules.required(), rules.maxLength(255)]}
    />
  );
}

function CloneFields() {
  const { t } = useTranslation('stationDetail');
  const rules = useFormRules();
  const range = useRangeRule();
  const hasClone: unknown = Form.useWatch('hasClone');
  if (hasClone !== true) return null;
  return (
    <>
      <Col {...third}>
        <NumberField
          name="cloneLongitude"
          label={t('field.cloneLongitude')}
          precision={6}
          rules={[rules.required(), range(-180, 180)]}
        />
      </Col>
      <Col {...third}>
        <NumberField
          name="cloneLatitude"
          label={t('field.cloneLatitude')}
          precision={6}
          rules={[rules.required(), range(-90, 90)]}
        />
      </Col>
      <Col span={24}>
        <TextField
          name="cloneDescription"
          label={t('field.cloneDescription')}
          rules={[rules.maxLength(255)]}
        />
      </Col>
    </>
  );
}

interface SwapStationBasicInfoFormProps {
  info: SwapStationBasicInfo;
  operatorInfo: ResourceOperatorInfo;
  onReload: () => void;
}

/** A swap station's basic info and operator info; saves send the changed fields with their version. */
export function SwapStationBasicInfoForm({ info, operatorInfo, onReload }: SwapStationBasicInfoFormProps) {
  const { t } = useTranslation('stationDetail');
  const { message } = App.useApp();
  const canChange = useCanChange();
  const client = useTenantApi();
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  const locale = useDomainLocale();
  const rules = useFormRules();
  const range = useRangeRule();
  const options = useStationOptions();
  const refresh = useRefreshAfterStationChange(info.resourceId);
  const formRef = useRef<FormInstance | null>(null);
  const [mode, setMode] = useState<EntityFormMode>('view');
  const initialValues = useMemo(() => toSwapStationForm(info, operatorInfo), [info, operatorInfo]);

  const reload = useCallback(() => {
    setMode('view');
    onReload();
  }, [onReload]);
  const asError = useSaveError({ form: formRef, fieldOf, onReload: reload });

  const powerOrder: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, max: unknown) => {
      const min: unknown = getFieldValue('chargingPowerTotalMin');
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        throw new Error(formatMessage(locale, { key: 'swap.powerMinAboveMax' }));
      }
    },
  });
  const chargerTotal = range(0, MAX_CHARGER_TOTAL, { integer: true });
  const chargingPower = range(0, MAX_CHARGING_POWER);

  const submit = async (values: SwapStationFormValues) => {
    const changes = toSwapStationSave(initialValues, values, info.version);
    if (!changes.basicInfo && !changes.operatorInfo) {
      void message.info(t('save.nothingChanged'));
      return;
    }
    try {
      if (changes.basicInfo) {
        const saved = await saveSwapStation(client, info.resourceId, changes.basicInfo);
        queryClient.setQueryData(stationKeys.swapStation(tenant, info.resourceId), saved);
      }
      if (changes.operatorInfo) {
        const saved = await saveOperatorInfo(client, info.resourceId, changes.operatorInfo);
        queryClient.setQueryData(stationKeys.operatorInfo(tenant, info.resourceId), saved);
      }
    } catch (error) {
      throw asError(error);
    }
    setMode('view');
    void message.success(t('save.done'));
    void refresh();
  };

  return (
    <EntityForm<SwapStationFormValues>
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
          <TextField
            name="registrationCode"
            label={t('field.registrationCode')}
            rules={[rules.maxLength(64)]}
          />
        </Col>
        <Col {...third}>
          <SelectField name="construction" label={t('field.construction')} options={options.construction} />
        </Col>
        <Col {...third}>
          <TextField
            name="softwareVersion"
            label={t('field.softwareVersion')}
            rules={[rules.maxLength(64)]}
          />
        </Col>
        <Col {...third}>
          <TextField
            name="hardwareVersion"
            label={t('field.hardwareVersion')}
            rules={[rules.maxLength(64)]}
          />
        </Col>
        <Col {...third}>
          <TextField
            name="firmwareVersion"
            label={t('field.firmwareVersion')}
            rules={[rules.maxLength(64)]}
          />
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
        <Col {...third}>
          <SwitchField name="hasClone" label={t('field.hasClone')} tooltip={t('field.hasCloneHint')} />
        </Col>
        <CloneFields />
        <Col span={24} style={{ marginBottom: 24 }}>
          <LocationMapField stationName={info.resourceName} withClone />
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.chargers')}</Divider>
      <Row gutter={24}>
        <Col {...third}>
          <NumberField
            name="chargerTotalNumberAc"
            label={t('field.chargerTotalNumberAc')}
            tooltip={t('field.chargerFree', { count: info.chargerFreeNumberAc })}
            rules={[rules.required(), chargerTotal]}
          />
        </Col>
        <Col {...third}>
          <NumberField
            name="chargerTotalNumberDc"
            label={t('field.chargerTotalNumberDc')}
            tooltip={t('field.chargerFree', { count: info.chargerFreeNumberDc })}
            rules={[rules.required(), chargerTotal]}
          />
        </Col>
        <Col {...third} />
        <Col {...third}>
          <NumberField
            name="chargingPowerTotalMin"
            label={t('field.chargingPowerTotalMin')}
            rules={[chargingPower]}
          />
        </Col>
        <Col {...third}>
          <NumberField
            name="chargingPowerTotalMax"
            label={t('field.chargingPowerTotalMax')}
            rules={[chargingPower, powerOrder]}
          />
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.operation')}</Divider>
      <Row gutter={24}>
        <Col {...third}>
          <TextField name="workLine" label={t('field.workLine')} rules={[rules.maxLength(64)]} />
        </Col>
        <Col xs={24} xl={16}>
          <WorkLineReason initialWorkLine={info.workLine} lastReason={info.workLineUpdateReason} />
        </Col>
        <Col {...third}>
          <TextField
            name="deviceSupervisor"
            label={t('field.deviceSupervisor')}
            rules={[rules.maxLength(64)]}
          />
        </Col>
        <Col {...third}>
          <CustomField name="deputyRegionId" label={t('field.deputyRegion')}>
            {({ readOnly }) => (
              <RegionCascader
                readOnly={readOnly}
                fallbackLabel={info.deputyRegion}
                aria-label={t('field.deputyRegion')}
              />
            )}
          </CustomField>
        </Col>
        <Col {...third}>
          <TextField name="deviceSupplier" label={t('field.deviceSupplier')} rules={[rules.maxLength(128)]} />
        </Col>
        <Col span={24}>
          <CustomField
            name="followers"
            label={t('field.followers')}
            tooltip={t('field.followersHint', { max: MAX_FOLLOWERS })}
            rules={[
              {
                validator: async (_rule, followers: string[] | undefined) => {
                  if ((followers?.length ?? 0) > MAX_FOLLOWERS) {
                    throw new Error(t('field.followersTooMany', { max: MAX_FOLLOWERS }));
                  }
                },
              },
            ]}
          >
            {() => <FollowersInput label={t('field.followers')} />}
          </CustomField>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.openingHours')}</Divider>
      <BusinessHoursField
        name="openingHours"
        label={t('field.openingHours')}
        editable={info.canModifyOpeningHours}
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
