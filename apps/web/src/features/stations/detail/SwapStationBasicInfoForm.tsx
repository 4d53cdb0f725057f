import { useMemo } from 'react';
import { Form, Space, Select, Tag, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@cmp/domain/messages/format';
import { MAX_CHARGER_TOTAL, MAX_CHARGING_POWER } from '@cmp/domain/stations/charger-limits';
import type { ResourceOperatorInfo } from '@cmp/domain/stations/operator-info';
import type { SwapStationBasicInfo } from '@cmp/domain/stations/swap-station-info';
import { useTenantApi } from '../../../api/use-tenant-api';
import { TextAreaField, useEntityFormMode, useFormRules, type FormDeclaration } from '../../../components';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { useStationsTenant } from '../../../components/lookups';
import { saveOperatorInfo, saveSwapStation } from './station-detail-api';
import { stationKeys } from './station-detail-hooks';
import { useStationFields, WorksheetLinkField } from './station-fields';
import { StationForm, useCachedSave } from './StationForm';
import { toSwapStationForm, toSwapStationSave, type SwapStationFormValues } from './swap-station-form';

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

/** The swap station's sections: its own fields around the ones every station has. */
function useSwapStationSections(info: SwapStationBasicInfo): FormDeclaration<SwapStationFormValues> {
  const { t } = useTranslation('stationDetail');
  const locale = useDomainLocale();
  const fields = useStationFields();
  const { field } = fields;
  return useMemo(() => {
    const powerOrder: FormRule = ({ getFieldValue }) => ({
      validator: async (_rule, max: unknown) => {
        const min: unknown = getFieldValue('chargingPowerTotalMin');
        if (typeof min === 'number' && typeof max === 'number' && min > max) {
          throw new Error(formatMessage(locale, { key: 'swap.powerMinAboveMax' }));
        }
      },
    });
    const chargerTotal = { min: 0, max: MAX_CHARGER_TOTAL, integer: true };
    const chargingPower = { min: 0, max: MAX_CHARGING_POWER };
    const withClone = (values: Partial<SwapStationFormValues>) => values.hasClone === true;
    const version = (name: 'softwareVersion' | 'hardwareVersion' | 'firmwareVersion') =>
      ({ type: 'text', name, label: field(name), maxLength: 64 }) as const;
    return [
      {
        key: 'basic',
        title: t('section.basic'),
        fields: [
          fields.resourceName,
          { type: 'text', name: 'registrationCode', label: field('registrationCode'), maxLength: 64 },
          fields.construction,
          version('softwareVersion'),
          version('hardwareVersion'),
          version('firmwareVersion'),
          fields.description,
        ],
      },
      fields.location<SwapStationFormValues>({
        info,
        withClone: true,
        more: [
          { type: 'switch', name: 'hasClone', label: field('hasClone'), tooltip: field('hasCloneHint') },
          {
            type: 'number',
            name: 'cloneLongitude',
            label: field('cloneLongitude'),
            precision: 6,
            required: true,
            range: { min: -180, max: 180 },
            visibleWhen: withClone,
          },
          {
            type: 'number',
            name: 'cloneLatitude',
            label: field('cloneLatitude'),
            precision: 6,
            required: true,
            range: { min: -90, max: 90 },
            visibleWhen: withClone,
          },
          {
            type: 'text',
            name: 'cloneDescription',
            label: field('cloneDescription'),
            width: 'full',
            maxLength: 255,
            visibleWhen: withClone,
          },
        ],
      }),
      {
        key: 'chargers',
        title: t('section.chargers'),
        fields: [
          {
            type: 'number',
            name: 'chargerTotalNumberAc',
            label: field('chargerTotalNumberAc'),
            tooltip: t('field.chargerFree', { count: info.chargerFreeNumberAc }),
            required: true,
            range: chargerTotal,
          },
          {
            type: 'number',
            name: 'chargerTotalNumberDc',
            label: field('chargerTotalNumberDc'),
            tooltip: t('field.chargerFree', { count: info.chargerFreeNumberDc }),
            required: true,
            range: chargerTotal,
          },
          {
            type: 'number',
            name: 'chargingPowerTotalMin',
            label: field('chargingPowerTotalMin'),
            range: chargingPower,
          },
          {
            type: 'number',
            name: 'chargingPowerTotalMax',
            label: field('chargingPowerTotalMax'),
            range: chargingPower,
            rules: [powerOrder],
          },
        ],
      },
      {
        key: 'operation',
        title: t('section.operation'),
        fields: [
          { type: 'text', name: 'workLine', label: field('workLine'), maxLength: 64 },
          {
            type: 'element',
            key: 'workLineReason',
            names: ['workLineChangeReason'],
            width: 'twoThirds',
            render: () => (
              <WorkLineReason initialWorkLine={info.workLine} lastReason={info.workLineUpdateReason} />
            ),
          },
          { type: 'text', name: 'deviceSupervisor', label: field('deviceSupervisor'), maxLength: 64 },
          fields.regionField<SwapStationFormValues>(
            'deputyRegionId',
            field('deputyRegion'),
            info.deputyRegion,
          ),
          { type: 'text', name: 'deviceSupplier', label: field('deviceSupplier'), maxLength: 128 },
          {
            type: 'custom',
            name: 'followers',
            label: field('followers'),
            tooltip: t('field.followersHint', { max: MAX_FOLLOWERS }),
            width: 'full',
            rules: [
              {
                validator: async (_rule, followers: string[] | undefined) => {
                  if ((followers?.length ?? 0) > MAX_FOLLOWERS) {
                    throw new Error(t('field.followersTooMany', { max: MAX_FOLLOWERS }));
                  }
                },
              },
            ],
            render: () => <FollowersInput label={field('followers')} />,
          },
        ],
      },
      {
        key: 'openingHours',
        title: t('section.openingHours'),
        fields: [fields.businessHours('openingHours', field('openingHours'))],
      },
      fields.operatorInfo,
    ];
  }, [t, locale, fields, field, info]);
}

/** A swap station's basic info and operator info; saves send the changed fields with their version. */
export function SwapStationBasicInfoForm({
  info,
  operatorInfo,
  onReload,
}: {
  info: SwapStationBasicInfo;
  operatorInfo: ResourceOperatorInfo;
  onReload: () => void;
}) {
  const client = useTenantApi();
  const tenant = useStationsTenant();
  const cachedSave = useCachedSave();
  const sections = useSwapStationSections(info);
  const initialValues = useMemo(() => toSwapStationForm(info, operatorInfo), [info, operatorInfo]);

  const savesOf = (values: SwapStationFormValues) => {
    const { basicInfo, operatorInfo: operator } = toSwapStationSave(initialValues, values, info.version);
    const id = info.resourceId;
    return [
      basicInfo &&
        cachedSave(stationKeys.swapStation(tenant, id), () => saveSwapStation(client, id, basicInfo)),
      operator &&
        cachedSave(stationKeys.operatorInfo(tenant, id), () => saveOperatorInfo(client, id, operator)),
    ];
  };

  return (
    <StationForm<SwapStationFormValues>
      resourceId={info.resourceId}
      sections={sections}
      initialValues={initialValues}
      savesOf={savesOf}
      onReload={onReload}
      renamedFields={{ workLineUpdateReason: 'workLineChangeReason' }}
      editFooter={<WorksheetLinkField resourceId={info.resourceId} />}
    />
  );
}
