import { useMemo } from 'react';
import { Alert, Flex, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@cmp/domain/messages/format';
import type { MessageKey } from '@cmp/domain/messages/en-US';
import { BIZ_SCENE_NONE } from '@cmp/domain/stations/biz-scenes';
import { businessHoursText, validateDay, type OpeningHours } from '@cmp/domain/stations/business-hours';
import { CONSTRUCTION_TYPE_LABELS, CONSTRUCTION_TYPES } from '@cmp/domain/stations/construction-types';
import { feeText, type FeeKind } from '@cmp/domain/stations/fees';
import { STATION_STATUS_LABELS, STATION_STATUSES } from '@cmp/domain/stations/station-status';
import {
  BusinessHoursEditor,
  SelectField,
  useEntityFormMode,
  type DeclaredField,
  type FormSection,
  type SelectFieldOption,
} from '../../../components';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { useWorksheetsApi, worksheetKeys } from '../../worksheets/worksheets-api';
import { dictEntryLabel, useBizScenes, useStationsTenant } from '../../../components/lookups';
import {
  FeePeriodsEditor,
  FeePeriodsView,
  useFeePeriodProblems,
  type FeePeriodRow,
} from './FeePeriodsEditor';
import { LocationMapField } from './LocationMapField';
import { RegionCascader } from './RegionCascader';
import { ServedBearingInput } from './ServedBearingInput';
import type { StationFormValues } from './station-form';

// Fields both detail forms share. Each shows its value as text in view mode, like the kit's own fields.

export function useStationOptions() {
  const locale = useDomainLocale();
  return useMemo(() => {
    const label = (key: MessageKey) => formatMessage(locale, { key });
    return {
      status: STATION_STATUSES.map((value) => ({ value, label: label(STATION_STATUS_LABELS[value]) })),
      construction: CONSTRUCTION_TYPES.map((value) => ({
        value,
        label: label(CONSTRUCTION_TYPE_LABELS[value]),
      })),
    };
  }, [locale]);
}

/** Choosing "none" clears the scenes and choosing a scene clears "none", so the two never go out together. */
export function exclusiveNone(previous: readonly number[], next: number[]): number[] {
  const added = next.find((code) => !previous.includes(code));
  if (added === BIZ_SCENE_NONE) return [BIZ_SCENE_NONE];
  const scenes = next.filter((code) => code !== BIZ_SCENE_NONE);
  return scenes.length === 0 ? [BIZ_SCENE_NONE] : scenes;
}

function BizScenesSelect({
  value = [],
  onChange,
  options,
  readOnly,
  label,
}: {
  value?: number[];
  onChange?: (codes: number[]) => void;
  options: SelectFieldOption[];
  readOnly: boolean;
  label: string;
}) {
  if (readOnly) {
    const names = value.map((code) => options.find((o) => o.value === code)?.label ?? String(code));
    return <Typography.Text>{names.length > 0 ? names.join(', ') : '-'}</Typography.Text>;
  }
  return (
    <Select<number[]>
      aria-label={label}
      mode="multiple"
      options={options}
      value={value}
      onChange={(next) => onChange?.(exclusiveNone(value, next))}
    />
  );
}

/** The dictionary's business scenes plus "none"; codes the dictionary dropped still show by number. */
function useBizSceneOptions(): SelectFieldOption[] {
  const { t } = useTranslation('stationDetail');
  const scenes = useBizScenes();
  const locale = useDomainLocale();
  return useMemo<SelectFieldOption[]>(
    () => [
      { value: BIZ_SCENE_NONE, label: t('bizScenes.none') },
      ...[...(scenes.data ?? [])]
        .sort((a, b) => a.sort - b.sort)
        .map((entry) => ({ value: Number(entry.code), label: dictEntryLabel(locale, 'bizScene', entry) })),
    ],
    [scenes.data, t, locale],
  );
}

/**
 * Business (opening) hours as text, or the day-by-day editor. Any hours the station has can be edited here,
 * whether or not the days agree (docs/decisions.md, "Per-day business hours stay editable").
 */
function BusinessHoursControl({
  value,
  onChange,
}: {
  value?: OpeningHours;
  onChange?: (hours: OpeningHours) => void;
}) {
  const locale = useDomainLocale();
  if (useEntityFormMode() === 'view') {
    return <Typography.Text>{value ? businessHoursText(value, locale) : '-'}</Typography.Text>;
  }
  return <BusinessHoursEditor value={value} onChange={onChange} />;
}

function FeeControl({
  value,
  onChange,
  kind,
  editable,
  label,
}: {
  value?: FeePeriodRow[];
  onChange?: (periods: FeePeriodRow[]) => void;
  kind: FeeKind;
  editable: boolean;
  label: string;
}) {
  const { t } = useTranslation('stationDetail');
  const locale = useDomainLocale();
  const mode = useEntityFormMode();
  const periods = value ?? [];
  if (mode === 'view') {
    if (periods.length === 0) return <Typography.Text>-</Typography.Text>;
    // The spec's line ('电费:' plus start~end:fee), and the same periods as a table with the unit, which is
    // what a reader of more than two periods needs.
    return (
      <Flex vertical gap={4} align="start">
        <Typography.Text>
          {feeText(
            kind,
            periods.map((p) => ({ ...p, fee: p.fee ?? 0 })),
            locale,
          )}
        </Typography.Text>
        <FeePeriodsView label={label} periods={periods} />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <FeePeriodsEditor label={label} value={periods} onChange={onChange} disabled={!editable} />
      {!editable && (
        <Alert
          type="info"
          showIcon
          style={{ maxWidth: 720 }}
          title={formatMessage(locale, {
            key:
              kind === 'electricity' ? 'station.electricityFeeNotEditable' : 'station.serviceFeeNotEditable',
          })}
          description={t('fee.notEditableHint')}
        />
      )}
    </Flex>
  );
}

/**
 * While editing: an open worksheet of the station the change is made for. The change's operation record
 * keeps it, so the history links the change to its worksheet.
 */
export function WorksheetLinkField({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('stationDetail');
  const tenant = useStationsTenant();
  const worksheets = useWorksheetsApi();
  const editing = useEntityFormMode() !== 'view';
  const listQuery = {
    resourceId,
    status: 'open' as const,
    pageNo: 1,
    pageSize: 50,
    sort: 'worksheetId:desc',
  };
  const open = useQuery({
    queryKey: worksheetKeys.ofStation(tenant, listQuery),
    queryFn: ({ signal }) => worksheets.list(listQuery, signal),
    enabled: editing,
  });
  if (!editing) return null;
  return (
    <SelectField
      name="worksheetId"
      label={t('field.worksheet')}
      tooltip={t('field.worksheetHint')}
      options={(open.data?.items ?? []).map((w) => ({
        value: w.worksheetId,
        label: `#${w.worksheetId} ${w.title}`,
      }))}
    />
  );
}

/** Where a station is: region, coordinates, address, guide, then what the form adds, then the map. */
interface LocationSectionOptions<V> {
  info: { resourceName: string; region: string | null };
  /** Fields after the guide, e.g. a swap station's clone. */
  more?: FormSection<V>['fields'];
  withClone?: boolean;
}

/**
 * The declarations both detail forms share: fields with the same name, rules and look, and whole sections
 * (location, operator info). Each form adds its own fields around them.
 */
export function useStationFields() {
  const { t } = useTranslation('stationDetail');
  const options = useStationOptions();
  const bizScenes = useBizSceneOptions();
  const problemsOf = useFeePeriodProblems();
  return useMemo(() => {
    const field = (name: string) => t(`field.${name}`);
    const regionField = <V extends object>(name: keyof V & string, label: string, fallback: string | null) =>
      ({
        type: 'custom',
        name,
        label,
        render: ({ readOnly }) => (
          <RegionCascader readOnly={readOnly} fallbackLabel={fallback} aria-label={label} />
        ),
      }) satisfies DeclaredField<V>;
    const shared = {
      resourceName: {
        type: 'text',
        name: 'resourceName',
        label: field('resourceName'),
        required: true,
        maxLength: 128,
      },
      construction: {
        type: 'select',
        name: 'construction',
        label: field('construction'),
        options: options.construction,
      },
      description: {
        type: 'textarea',
        name: 'description',
        label: field('description'),
        width: 'full',
        maxLength: 1024,
      },
    } satisfies Record<string, DeclaredField<StationFormValues>>;

    return {
      ...shared,
      field,
      regionField,
      status: {
        type: 'select',
        name: 'status',
        label: field('status'),
        options: options.status,
        required: true,
      } satisfies DeclaredField<{ status: unknown }>,
      bizScenes: {
        type: 'custom',
        name: 'bizScenes',
        label: field('bizScenes'),
        render: ({ readOnly }) => (
          <BizScenesSelect options={bizScenes} readOnly={readOnly} label={field('bizScenes')} />
        ),
      } satisfies DeclaredField<{ bizScenes: unknown }>,

      /** Business (opening) hours, day by day; only the day with a problem turns red. */
      businessHours: <V extends object>(name: keyof V & string, label: string): DeclaredField<V> => ({
        type: 'custom',
        name,
        label,
        width: 'full',
        marksOwnProblems: true,
        rules: [
          {
            validator: async (_rule, value: OpeningHours | undefined) => {
              const broken = value?.openList.some((day) => day.isOpen && validateDay(day).length > 0);
              if (broken) throw new Error(t('businessHours.fix'));
            },
          },
        ],
        render: () => <BusinessHoursControl />,
      }),

      /** Electricity or service fee periods; only the row with a problem turns red. */
      fee: <V extends object>(
        name: keyof V & string,
        kind: FeeKind,
        editable: boolean,
      ): DeclaredField<V> => ({
        type: 'custom',
        name,
        label: field(name),
        width: 'full',
        marksOwnProblems: true,
        rules: editable
          ? [
              {
                validator: async (_rule, value: FeePeriodRow[] | undefined) => {
                  if (problemsOf(value ?? []).length > 0) throw new Error(t('fee.fix'));
                },
              },
            ]
          : [],
        render: () => <FeeControl kind={kind} editable={editable} label={field(name)} />,
      }),

      location: <V extends StationFormValues>({
        info,
        more = [],
        withClone = false,
      }: LocationSectionOptions<V>): FormSection<V> => ({
        key: 'location',
        title: t('section.location'),
        fields: [
          regionField<V>('regionId', field('region'), info.region),
          {
            type: 'number',
            name: 'longitude',
            label: field('longitude'),
            precision: 6,
            required: true,
            range: { min: -180, max: 180 },
          },
          {
            type: 'number',
            name: 'latitude',
            label: field('latitude'),
            precision: 6,
            required: true,
            range: { min: -90, max: 90 },
          },
          { type: 'text', name: 'address', label: field('address'), width: 'full', maxLength: 255 },
          { type: 'textarea', name: 'guide', label: field('guide'), width: 'full', maxLength: 1024 },
          {
            type: 'custom',
            name: 'servedBearing',
            label: field('servedBearing'),
            tooltip: field('servedBearingHint'),
            range: { min: 0, max: 359, integer: true },
            render: ({ readOnly }) => (
              <ServedBearingInput readOnly={readOnly} label={field('servedBearing')} />
            ),
          },
          ...more,
          {
            type: 'element',
            key: 'map',
            render: () => (
              <div style={{ marginBottom: 24 }}>
                <LocationMapField stationName={info.resourceName} withClone={withClone} />
              </div>
            ),
          },
        ],
      }),

      operatorInfo: {
        key: 'operatorInfo',
        title: t('section.operatorInfo'),
        fields: [
          { type: 'switch', name: 'pictureAppVisible', label: field('pictureAppVisible') },
          { type: 'textarea', name: 'remark', label: field('remark'), width: 'full', maxLength: 512 },
        ],
      } satisfies FormSection<StationFormValues>,
    };
  }, [t, options, bizScenes, problemsOf]);
}
