import { useCallback, useMemo } from 'react';
import { App, Drawer, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import { formatMessage, type RuleMessage } from '@cmp/domain/messages/format';
import { CONSTRUCTION_TYPES } from '@cmp/domain/stations/construction-types';
import {
  StaffReportSchema,
  type CrowdsourcedStation,
  type StaffReport,
} from '@cmp/domain/stations/crowdsourced-stations';
import { REPORTED_STATION_SOURCES } from '@cmp/domain/stations/reported-stations';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { EntityForm, type DeclaredField, type FormDeclaration } from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useOperators } from '../../components/lookups';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useCrowdsourcedApi, useRefreshAfterReportChange } from './crowdsourced-api';

type ReportValues = StaffReport;
type Name = keyof ReportValues & string;

const EMPTY_REPORT: Partial<ReportValues> = {
  source: 'staff',
  dcPower: 0,
  dcCurrent: 0,
  dcEquipmentNumber: 0,
  acPower: 0,
  acCurrent: 0,
  acEquipmentNumber: 0,
  isChargingBlindSpot: false,
};

const BLIND_SPOT_FIELDS: ReadonlySet<string> = new Set([
  'chargingBlindSpotId',
  'chargingBlindSpotLongitude',
  'chargingBlindSpotLatitude',
]);

/**
 * Cleared number inputs hold null; the contract wants them absent, so its defaults apply. The blind spot's
 * fields go only with a blind spot: switching it off hides them but keeps what was typed.
 */
const toRequest = (values: Partial<ReportValues>): ReportValues =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([name, value]) =>
        value !== null &&
        value !== undefined &&
        (values.isChargingBlindSpot === true || !BLIND_SPOT_FIELDS.has(name)),
    ),
  ) as ReportValues;

type ServerFieldError = { path: string; message: string; key?: string; params?: RuleMessage['params'] };
const isServerFieldError = (d: unknown): d is ServerFieldError =>
  typeof d === 'object' && d !== null && 'path' in d && typeof d.path === 'string' && 'message' in d;

/**
 * Marks the fields a refused create names (400 details, `body.longitude` → `longitude`; an unknown reporter
 * account) and gives the form its message; anything else is described as it is.
 */
function useCreateFailure(form: FormInstance): (error: unknown) => Error {
  const { t } = useTranslation('crowdsourcedStations');
  const describe = useDescribeError();
  const locale = useDomainLocale();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return new Error(describe(error));
      if (error.code === USER_NOT_FOUND) {
        form.setFields([{ name: 'creatorAccountId', errors: [t('form.userNotFound')] }]);
        return new Error(t('form.invalid'));
      }
      const details = error.status === 400 && Array.isArray(error.details) ? error.details : [];
      const fields = details.filter(isServerFieldError).map((detail) => ({
        name: detail.path.replace(/^body\./, '').split('.')[0] ?? detail.path,
        errors: [
          detail.key ? formatMessage(locale, { key: detail.key, params: detail.params }) : detail.message,
        ],
      }));
      if (fields.length === 0) return new Error(describe(error));
      form.setFields(fields);
      return new Error(t('form.invalid'));
    },
    [t, describe, locale, form],
  );
}

/**
 * A report entered by staff (`POST /crowdsourced-stations`), in a drawer over the report list: every field
 * of the staff report, checked by the contract itself. The reporter account is optional; once created the
 * list and the queue reload.
 */
export function StaffReportForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('crowdsourcedStations');
  return (
    <Drawer open={open} onClose={onClose} destroyOnHidden size={720} title={t('form.title')}>
      <CreateReport onCreated={onClose} />
    </Drawer>
  );
}

function CreateReport({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('crowdsourcedStations');
  const { message } = App.useApp();
  const reports = useCrowdsourcedApi();
  const refresh = useRefreshAfterReportChange();
  const operators = useOperators();
  const [form] = Form.useForm<ReportValues>();
  const failure = useCreateFailure(form);
  const sections = useReportSections(operators.data ?? []);

  const submit = async (values: ReportValues) => {
    const operatorName = operators.data?.find((o) => o.operatorId === values.operatorId)?.operatorName;
    let created: CrowdsourcedStation;
    try {
      created = await reports.create(toRequest({ ...values, operatorName }));
    } catch (error) {
      throw failure(error);
    }
    void message.success(t('form.created', { objectId: created.objectId }));
    onCreated();
    // The report exists whatever the refresh does; a failed refresh must not read as a failed create.
    void refresh();
  };

  return (
    <EntityForm<ReportValues>
      form={form}
      name="staffReport"
      mode="create"
      layout="vertical"
      initialValues={EMPTY_REPORT}
      sections={sections}
      onSubmit={submit}
    />
  );
}

/** The report's fields in sections, shared by the staff report form and the review page's edit. */
export function useReportSections(
  operators: readonly { operatorId: string; operatorName: string }[],
): FormDeclaration<ReportValues> {
  const { t } = useTranslation('crowdsourcedStations');
  const label = useEnumLabel();
  const rulesFor = useSchemaRules<Partial<ReportValues>>(StaffReportSchema, toRequest);

  return useMemo(() => {
    const text = (name: Name, title: string, options: { required?: boolean; tooltip?: string } = {}) =>
      ({
        type: 'text',
        name,
        label: title,
        tooltip: options.tooltip,
        rules: rulesFor([name], { required: options.required }),
      }) satisfies DeclaredField<ReportValues>;
    const textarea = (name: Name, title: string) =>
      ({
        type: 'textarea',
        name,
        label: title,
        width: 'full',
        maxLength: 512,
        rules: rulesFor([name]),
      }) satisfies DeclaredField<ReportValues>;
    const number = (name: Name, title: string, options: { required?: boolean; precision?: number } = {}) =>
      ({
        type: 'number',
        name,
        label: title,
        precision: options.precision,
        rules: rulesFor([name], { required: options.required }),
      }) satisfies DeclaredField<ReportValues>;
    const blindSpot = (values: Partial<ReportValues>) => values.isChargingBlindSpot === true;

    return [
      {
        key: 'basic',
        title: t('form.basic'),
        fields: [
          text('stationName', t('field.stationName'), { required: true }),
          {
            type: 'select',
            name: 'source',
            label: t('field.source'),
            options: REPORTED_STATION_SOURCES.map((s) => ({
              value: s,
              label: label('reportedStationSource', s),
            })),
            rules: rulesFor(['source']),
          },
          {
            type: 'select',
            name: 'operatorId',
            label: t('form.operatorId'),
            options: operators.map((o) => ({ value: o.operatorId, label: o.operatorName })),
            rules: rulesFor(['operatorId']),
          },
          text('otherOperatorName', t('form.otherOperatorName'), { tooltip: t('form.otherOperatorHint') }),
          text('stationId', t('field.stationId'), { tooltip: t('form.stationIdHint') }),
          {
            type: 'select',
            name: 'construction',
            label: t('form.construction'),
            options: CONSTRUCTION_TYPES.map((c) => ({ value: c, label: label('constructionType', c) })),
            rules: rulesFor(['construction']),
          },
          text('businessHours', t('form.businessHours')),
          text('electricityFee', t('form.electricityFee')),
          text('serviceFee', t('form.serviceFee')),
          number('parkNums', t('form.parkNums'), { precision: 0 }),
          text('parkFee', t('form.parkFee')),
          textarea('siteGuide', t('form.siteGuide')),
          textarea('remark', t('form.remark')),
        ],
      },
      {
        key: 'location',
        title: t('form.location'),
        fields: [
          text('areaCode', t('field.areaCode'), { tooltip: t('form.areaCodeHint') }),
          { ...text('address', t('field.address'), { required: true }), width: 'twoThirds' },
          number('longitude', t('form.longitude'), { required: true, precision: 6 }),
          number('latitude', t('form.latitude'), { required: true, precision: 6 }),
        ],
      },
      {
        key: 'charging',
        title: t('form.charging'),
        fields: [
          number('dcPower', t('form.dcPower')),
          number('dcCurrent', t('form.dcCurrent')),
          number('dcEquipmentNumber', t('form.dcEquipmentNumber'), { precision: 0 }),
          number('acPower', t('form.acPower')),
          number('acCurrent', t('form.acCurrent')),
          number('acEquipmentNumber', t('form.acEquipmentNumber'), { precision: 0 }),
        ],
      },
      {
        key: 'blindSpot',
        title: t('form.blindSpot'),
        fields: [
          { type: 'switch', name: 'isChargingBlindSpot', label: t('form.isChargingBlindSpot') },
          { ...text('chargingBlindSpotId', t('form.chargingBlindSpotId')), visibleWhen: blindSpot },
          {
            ...number('chargingBlindSpotLongitude', t('form.chargingBlindSpotLongitude'), { precision: 6 }),
            visibleWhen: blindSpot,
          },
          {
            ...number('chargingBlindSpotLatitude', t('form.chargingBlindSpotLatitude'), { precision: 6 }),
            visibleWhen: blindSpot,
          },
        ],
      },
      {
        key: 'reporter',
        title: t('form.reporter'),
        fields: [
          text('creatorAccountId', t('field.creatorAccountId'), { tooltip: t('form.creatorAccountHint') }),
        ],
      },
    ];
  }, [t, label, rulesFor, operators]);
}
