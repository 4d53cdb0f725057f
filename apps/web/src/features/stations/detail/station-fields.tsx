import { useCallback, useMemo } from 'react';
import { Alert, Flex, Select, Typography, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMessage, ruleMessage, type RuleMessage } from '@cmp/domain/messages/format';
import type { MessageKey } from '@cmp/domain/messages/en-US';
import { BIZ_SCENE_NONE } from '@cmp/domain/stations/biz-scenes';
import { businessHoursText, validateDay, type OpeningHours } from '@cmp/domain/stations/business-hours';
import { CONSTRUCTION_TYPE_LABELS, CONSTRUCTION_TYPES } from '@cmp/domain/stations/construction-types';
import { feeText, type FeeKind } from '@cmp/domain/stations/fees';
import { STATION_STATUS_LABELS, STATION_STATUSES } from '@cmp/domain/stations/station-status';
import {
  BusinessHoursEditor,
  CustomField,
  SelectField,
  useEntityFormMode,
  type SelectFieldOption,
} from '../../../components';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { useWorksheetsApi, worksheetKeys } from '../../worksheets/worksheets-api';
import { useBizScenes, useStationsTenant } from '../shared/lookups';
import { FeePeriodsEditor, useFeePeriodProblems, type FeePeriodRow } from './FeePeriodsEditor';

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

/**
 * A number between `min` and `max` (both included), optionally whole, with the catalog's messages. Number
 * inputs get no min/max of their own: antd would quietly clamp 301 to 300 instead of saying it is too big.
 */
export function useRangeRule(): (min: number, max: number, options?: { integer?: boolean }) => FormRule {
  const locale = useDomainLocale();
  return useCallback(
    (min, max, { integer = false } = {}) => ({
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'number') return;
        const problem: RuleMessage | undefined =
          integer && !Number.isInteger(value)
            ? ruleMessage('form.integer')
            : value < min
              ? ruleMessage('form.minNumber', { min })
              : value > max
                ? ruleMessage('form.maxNumber', { max })
                : undefined;
        if (problem) throw new Error(formatMessage(locale, problem));
      },
    }),
    [locale],
  );
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
export function BizScenesField() {
  const { t } = useTranslation('stationDetail');
  const scenes = useBizScenes();
  const options = useMemo<SelectFieldOption[]>(
    () => [
      { value: BIZ_SCENE_NONE, label: t('bizScenes.none') },
      ...[...(scenes.data ?? [])]
        .sort((a, b) => a.sort - b.sort)
        .map((entry) => ({ value: Number(entry.code), label: entry.name })),
    ],
    [scenes.data, t],
  );
  return (
    <CustomField name="bizScenes" label={t('field.bizScenes')}>
      {({ readOnly }) => (
        <BizScenesSelect options={options} readOnly={readOnly} label={t('field.bizScenes')} />
      )}
    </CustomField>
  );
}

function BusinessHoursControl({
  value,
  onChange,
  editable,
  label,
}: {
  value?: OpeningHours;
  onChange?: (hours: OpeningHours) => void;
  editable: boolean;
  label: string;
}) {
  const { t } = useTranslation('stationDetail');
  const locale = useDomainLocale();
  const mode = useEntityFormMode();
  const text = value ? businessHoursText(value, locale) : '-';
  if (mode === 'view') return <Typography.Text>{text}</Typography.Text>;
  if (!editable) {
    return (
      <Flex vertical gap={8} role="group" aria-label={label}>
        <Typography.Text>{text}</Typography.Text>
        <Alert
          type="info"
          showIcon
          style={{ maxWidth: 720 }}
          title={formatMessage(locale, { key: 'station.businessHoursNotEditable' })}
          description={t('businessHours.notEditableHint')}
        />
      </Flex>
    );
  }
  return <BusinessHoursEditor value={value} onChange={onChange} />;
}

/**
 * Business (opening) hours: the shared day-of-week editor when the domain rules allow editing them, else
 * the hours as text and why they cannot be changed here.
 */
export function BusinessHoursField({
  name,
  label,
  editable,
}: {
  name: string;
  label: string;
  editable: boolean;
}) {
  const { t } = useTranslation('stationDetail');
  const rule: FormRule = {
    validator: async (_rule, value: OpeningHours | undefined) => {
      const broken = value?.openList.some((day) => day.isOpen && validateDay(day).length > 0);
      if (broken) throw new Error(t('businessHours.fix'));
    },
  };
  return (
    <CustomField name={name} label={label} rules={editable ? [rule] : []}>
      {() => <BusinessHoursControl editable={editable} label={label} />}
    </CustomField>
  );
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
    return (
      <Typography.Text>
        {periods.length === 0
          ? '-'
          : feeText(
              kind,
              periods.map((p) => ({ ...p, fee: p.fee ?? 0 })),
              locale,
            )}
      </Typography.Text>
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

/** Electricity or service fee periods, editable only when no period is priced as a range. */
export function FeeField({
  name,
  label,
  kind,
  editable,
}: {
  name: string;
  label: string;
  kind: FeeKind;
  editable: boolean;
}) {
  const { t } = useTranslation('stationDetail');
  const problemsOf = useFeePeriodProblems();
  const rule: FormRule = {
    validator: async (_rule, value: FeePeriodRow[] | undefined) => {
      if (problemsOf(value ?? []).length > 0) throw new Error(t('fee.fix'));
    },
  };
  return (
    <CustomField name={name} label={label} rules={editable ? [rule] : []}>
      {() => <FeeControl kind={kind} editable={editable} label={label} />}
    </CustomField>
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
