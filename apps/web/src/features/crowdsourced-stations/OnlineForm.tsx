import { useCallback, useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Col,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OpeningHoursSchema, type OpeningHours } from '@cmp/domain/stations/business-hours';
import { ReportOnlineSchema, type CrowdsourcedStation } from '@cmp/domain/stations/crowdsourced-stations';
import type { Operator } from '@cmp/domain/stations/operators';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { BusinessHoursEditor } from '../../components';
import {
  FeePeriodsEditor,
  useFeePeriodProblems,
  type FeePeriodRow,
} from '../stations/detail/FeePeriodsEditor';
import { RegionCascader } from '../stations/detail/RegionCascader';
import { useOperators, useStationsTenant } from '../../components/lookups';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useCrowdsourcedApi, useRefreshAfterReportChange } from './crowdsourced-api';
import { onlineFormOf, onlineRequestOf, type OnlineFormValues } from './online-form';
import { useReportFailure } from './report-detail-hooks';
import { reportStationPath } from './report-links';

/** The most rows of chargers the contract takes. */
const MAX_CHARGER_ROWS = 10;

interface OnlineFormProps {
  open: boolean;
  report: CrowdsourcedStation;
  onClose: () => void;
}

/**
 * Brings an approved report online as a new charge station, in a drawer: the form opens filled from the
 * report (hours and fees read from its text where they can be) for the reviewer to complete and correct.
 * Once online, the drawer says so and links to the new station.
 */
export function OnlineForm({ open, report, onClose }: OnlineFormProps) {
  const { t } = useTranslation('crowdsourcedReview');
  const [resourceId, setResourceId] = useState<string>();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={t('online.title')}
      destroyOnHidden
      afterOpenChange={(opened) => !opened && setResourceId(undefined)}
    >
      {resourceId === undefined ? (
        open && <OnlineFormBody report={report} onCancel={onClose} onOnline={setResourceId} />
      ) : (
        <OnlineDone resourceId={resourceId} onClose={onClose} />
      )}
    </Drawer>
  );
}

function OnlineDone({ resourceId, onClose }: { resourceId: string; onClose: () => void }) {
  const { t } = useTranslation('crowdsourcedReview');
  const tenant = useStationsTenant();
  return (
    <Result
      status="success"
      title={t('online.done', { resourceId })}
      extra={
        <Flex gap={16} justify="center" align="center">
          <Link to={reportStationPath(tenant, resourceId)}>{t('header.viewStation')}</Link>
          <Button onClick={onClose}>{t('online.close')}</Button>
        </Flex>
      }
    />
  );
}

function OnlineFormBody({
  report,
  onCancel,
  onOnline,
}: {
  report: CrowdsourcedStation;
  onCancel: () => void;
  onOnline: (resourceId: string) => void;
}) {
  const operators = useOperators();
  if (operators.isPending) return <Skeleton active />;
  if (operators.isError)
    return <ErrorResult error={operators.error} onRetry={() => void operators.refetch()} />;
  return <OnlineFields report={report} operators={operators.data} onCancel={onCancel} onOnline={onOnline} />;
}

function OnlineFields({
  report,
  operators,
  onCancel,
  onOnline,
}: {
  report: CrowdsourcedStation;
  operators: readonly Operator[];
  onCancel: () => void;
  onOnline: (resourceId: string) => void;
}) {
  const { t } = useTranslation('crowdsourcedReview');
  const { message, modal } = App.useApp();
  const reports = useCrowdsourcedApi();
  const refresh = useRefreshAfterReportChange();
  const failureOf = useReportFailure();
  const problemsOf = useFeePeriodProblems();
  const [form] = Form.useForm<OnlineFormValues>();
  const [initialValues] = useState(() =>
    onlineFormOf(
      report,
      operators.map((o) => o.operatorId),
    ),
  );
  const toRequest = useCallback(
    (values: OnlineFormValues) => onlineRequestOf(values, report.version),
    [report],
  );
  const rulesFor = useSchemaRules<OnlineFormValues>(ReportOnlineSchema, toRequest);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const feeRules = [
    {
      validator: async (_rule: unknown, periods: FeePeriodRow[] | undefined) => {
        if (!periods?.length || problemsOf(periods).length > 0) throw new Error(t('online.feesInvalid'));
      },
    },
  ];
  const hoursRules = [
    {
      validator: async (_rule: unknown, hours: OpeningHours | undefined) => {
        if (!OpeningHoursSchema.safeParse(hours).success) throw new Error(t('online.hoursInvalid'));
      },
    },
  ];
  const reportedHint = (value: string | null) =>
    value ? <Typography.Text type="secondary">{t('online.reported', { value })}</Typography.Text> : undefined;
  const reportedOperator = report.operatorName ?? report.otherOperatorName;

  // A new station beside possible duplicates is made only once the reviewer has looked at them again.
  const duplicates = report.stationId ? [] : report.duplicateCandidates;
  const confirmDuplicates = () =>
    modal.confirm({
      title: t('online.duplicatesTitle', { count: duplicates.length }),
      content: (
        <ul data-testid="online-duplicates">
          {duplicates.map((candidate) => (
            <li key={`${candidate.kind}-${candidate.id}`}>
              {t('online.duplicateLine', {
                kind: t(`duplicates.${candidate.kind}`),
                name: candidate.name,
                distance: Math.round(candidate.distance),
              })}
            </li>
          ))}
        </ul>
      ),
      okText: t('online.duplicatesConfirm'),
      cancelText: t('online.cancel'),
    });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (duplicates.length > 0 && !(await confirmDuplicates())) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const answer = await reports.online(report.objectId, {
        ...onlineRequestOf(values, report.version),
        duplicatesConfirmed: duplicates.length > 0,
      });
      void message.success(t('online.done', { resourceId: answer.resourceId }));
      onOnline(answer.resourceId);
      void refresh();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<OnlineFormValues> form={form} layout="vertical" initialValues={initialValues}>
      <Divider titlePlacement="start">{t('online.basic')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="resourceName"
            label={t('online.resourceName')}
            rules={rulesFor(['resourceName'], { required: true })}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="operatorId"
            label={t('online.operator')}
            rules={rulesFor(['operatorId'], { required: true })}
            extra={reportedOperator ? t('online.operatorHint', { name: reportedOperator }) : undefined}
          >
            <Select
              aria-label={t('online.operator')}
              showSearch={{ optionFilterProp: 'label' }}
              options={operators.map((o) => ({ value: o.operatorId, label: o.operatorName }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('online.location')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="regionId"
            label={t('online.region')}
            rules={rulesFor(['regionId'], { required: true })}
          >
            <RegionCascader aria-label={t('online.region')} fallbackLabel={report.areaName} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="address"
            label={t('online.address')}
            rules={rulesFor(['address'], { required: true })}
          >
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="longitude"
            label={t('online.longitude')}
            rules={rulesFor(['longitude'], { required: true })}
          >
            <InputNumber<number> precision={6} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="latitude"
            label={t('online.latitude')}
            rules={rulesFor(['latitude'], { required: true })}
          >
            <InputNumber<number> precision={6} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="guide" label={t('online.guide')} rules={rulesFor(['guide'])}>
            <Input.TextArea rows={2} maxLength={512} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('online.operation')}</Divider>
      <Form.Item
        name="businessHours"
        label={t('online.businessHours')}
        rules={hoursRules}
        extra={reportedHint(report.businessHours)}
      >
        <BusinessHoursEditor />
      </Form.Item>
      <Form.Item
        name="electricityFee"
        label={t('online.electricityFee')}
        rules={feeRules}
        extra={reportedHint(report.electricityFee)}
      >
        <FeePeriodsEditor label={t('online.electricityFee')} />
      </Form.Item>
      <Form.Item
        name="serviceFee"
        label={t('online.serviceFee')}
        rules={feeRules}
        extra={reportedHint(report.serviceFee)}
      >
        <FeePeriodsEditor label={t('online.serviceFee')} />
      </Form.Item>
      <Form.Item name="parkNumbers" label={t('online.parkNumbers')} rules={rulesFor(['parkNumbers'])}>
        <InputNumber<number> precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Divider titlePlacement="start">{t('online.chargers')}</Divider>
      <ChargerRows rulesFor={rulesFor} />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('online.cancel')}</Button>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          {t('online.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Rows of chargers: a current type, how many, and each one's power. */
function ChargerRows({ rulesFor }: { rulesFor: ReturnType<typeof useSchemaRules<OnlineFormValues>> }) {
  const { t } = useTranslation('crowdsourcedReview');
  const atLeastOne = [
    {
      validator: async (_rule: unknown, rows: unknown[] | undefined) => {
        if (!rows?.length) throw new Error(t('online.noChargers'));
      },
    },
  ];
  return (
    <Form.List name="chargers" rules={atLeastOne}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={4}>
          {fields.map((field, index) => {
            const row = t('online.chargerRow', { n: index + 1 });
            return (
              <Flex key={field.key} gap={8} align="flex-start" role="group" aria-label={row}>
                <Form.Item name={[field.name, 'equipmentType']} label={t('online.equipmentType')}>
                  <Select
                    aria-label={`${row} ${t('online.equipmentType')}`}
                    style={{ width: 90 }}
                    options={[
                      { value: 'DC', label: 'DC' },
                      { value: 'AC', label: 'AC' },
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'count']}
                  label={t('online.count')}
                  rules={rulesFor([`chargers.${field.name}.count`], { required: true })}
                >
                  <InputNumber<number> aria-label={`${row} ${t('online.count')}`} precision={0} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'power']}
                  label={t('online.power')}
                  rules={rulesFor([`chargers.${field.name}.power`], { required: true })}
                >
                  <InputNumber<number> aria-label={`${row} ${t('online.power')}`} />
                </Form.Item>
                <Button
                  type="text"
                  style={{ marginTop: 30 }}
                  aria-label={t('online.removeCharger', { n: index + 1 })}
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            );
          })}
          <Form.ErrorList errors={errors} />
          <div style={{ marginBottom: 16 }}>
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_CHARGER_ROWS}
              onClick={() => add({ equipmentType: 'DC', count: null, power: null })}
            >
              {t('online.addCharger')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
