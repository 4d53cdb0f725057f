import { useEffect, useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Divider, Flex, Form, Result, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  activityProblems,
  activityTenantProblems,
  type Activity,
} from '@cmp/domain/activities/activity-contracts';
import { ActivityTypeSchema, type ActivityType } from '@cmp/domain/activities/activity-types';
import { formatMessage, ruleMessage } from '@cmp/domain/messages/format';
import { isWebLink } from '@cmp/domain/shared/input';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import {
  CustomField,
  EntityForm,
  searchTableQueryKey,
  SelectField,
  TextAreaField,
  TextField,
  useFormRules,
} from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import {
  dictEntryLabel,
  dictOptions,
  useBizScenes,
  useOperators,
  useStationsTenant,
} from '../../components/lookups';
import { ACTIVITY_LIST, activityKeys, useActivitiesApi, useActivity } from './activities-api';
import {
  activityFormValues,
  newActivityValues,
  toActivityFields,
  type ActivityFormValues,
} from './activity-editor-values';
import { activityDetailPath, activityListPath } from './activity-links';
import { useActivityFieldErrors } from './activity-save-error';
import { ActivityRuleFields } from './ActivityRuleFields';
import { DateTimeInput } from './DateTimeInput';
import { DiscountRulesEditor } from './DiscountRulesEditor';

/**
 * The editor of a new activity of one type (`?activityType=`) or of a saved one (`?activityId=`): the
 * common fields, then what its type takes. A finished activity is not edited; the type never changes.
 */
export default function ActivityEditorPage() {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const [searchParams] = useSearchParams();
  const idText = searchParams.get('activityId');
  const id = idText === null ? undefined : Number(idText);
  const validId = id !== undefined && Number.isInteger(id) && id > 0;
  const newType = ActivityTypeSchema.safeParse(searchParams.get('activityType')).data;
  const activity = useActivity(validId ? id : undefined);

  const back = (
    <Link to={validId ? activityDetailPath(tenant, id) : activityListPath(tenant)}>
      <ArrowLeftOutlined /> {t(validId ? 'detail.backToActivity' : 'common.back')}
    </Link>
  );
  const missing = activity.isError && activity.error instanceof ApiError && activity.error.status === 404;
  if ((idText === null && newType === undefined) || (idText !== null && !validId) || missing) {
    return <Result status="404" title={t('common.notFound')} extra={back} />;
  }
  if (validId && activity.isPending) return <PageLoading />;
  if (activity.isError) return <ErrorResult error={activity.error} onRetry={() => void activity.refetch()} />;
  if (activity.data?.activityStatus === 'finished') {
    return <Result status="warning" title={t('editor.finished')} extra={back} />;
  }
  const type = activity.data?.activityType ?? (newType as ActivityType);
  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {activity.data
          ? t('editor.editTitle', { name: activity.data.activityName })
          : t('editor.createTitle', { type: label('activityType', type) })}
      </Typography.Title>
      <ActivityForm key={activity.data?.activityId ?? type} type={type} activity={activity.data} />
    </Flex>
  );
}

function ActivityForm({ type, activity }: { type: ActivityType; activity?: Activity }) {
  const { t } = useTranslation('activities');
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const activities = useActivitiesApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const locale = useDomainLocale();
  const rules = useFormRules();
  const operators = useOperators();
  const bizScenes = useBizScenes();
  const [form] = Form.useForm<ActivityFormValues>();
  const { problemsError, saveError } = useActivityFieldErrors(form);
  // The values the editor opened with: a save refreshes the cached activity, which is no new start.
  const [initialValues] = useState(() =>
    activity ? activityFormValues(activity) : newActivityValues(type, tenant),
  );

  // The page is left once the form is out of create or edit mode: until then its leave guard holds it.
  const [leaveTo, setLeaveTo] = useState<string>();
  useEffect(() => {
    if (leaveTo !== undefined) void navigate(leaveTo);
  }, [leaveTo, navigate]);
  const whenDone = activity ? activityDetailPath(tenant, activity.activityId) : activityListPath(tenant);

  const link = (allowPath: boolean) => ({
    validator: async (_rule: unknown, value: string | null | undefined) => {
      const text = value?.trim();
      if (text && !isWebLink(text) && !(allowPath && text.startsWith('/')))
        throw new Error(formatMessage(locale, ruleMessage('activity.badLink')));
    },
  });

  const submit = async (values: ActivityFormValues) => {
    const fields = toActivityFields(type, values);
    const problems = [...activityProblems(fields), ...activityTenantProblems(tenant, fields)];
    if (problems.length > 0) throw problemsError(problems, fields);
    let saved: Activity;
    try {
      saved = activity
        ? await activities.update(activity.activityId, { ...fields, version: activity.version })
        : await activities.create(fields);
    } catch (error) {
      throw saveError(error, fields);
    }
    queryClient.setQueryData(activityKeys.activity(tenant, saved.activityId), saved);
    void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, ACTIVITY_LIST) });
    void message.success(t(activity ? 'editor.saved' : 'editor.created', { name: saved.activityName }));
    setLeaveTo(activityDetailPath(tenant, saved.activityId));
  };

  return (
    <EntityForm<ActivityFormValues>
      form={form}
      name="activity"
      mode={leaveTo === undefined ? (activity ? 'edit' : 'create') : 'view'}
      onModeChange={(mode) => mode === 'view' && setLeaveTo((current) => current ?? whenDone)}
      editable={false}
      layout="vertical"
      initialValues={initialValues}
      onSubmit={submit}
      onCancelCreate={() => setLeaveTo(whenDone)}
    >
      <Divider titlePlacement="start">{t('editor.sectionBasic')}</Divider>
      <TextField
        name="activityName"
        label={t('field.activityName')}
        maxLength={64}
        rules={[rules.required(), rules.maxLength(64)]}
      />
      <CustomField name="beginTime" label={t('field.beginTime')} rules={[rules.required()]}>
        {({ readOnly }) => <DateTimeInput disabled={readOnly} />}
      </CustomField>
      <CustomField
        name="endTime"
        label={t('field.endTime')}
        dependencies={['beginTime']}
        rules={[
          rules.required(),
          ({ getFieldValue }) => ({
            validator: async (_rule, end: number | undefined) => {
              const begin = getFieldValue('beginTime') as number | undefined;
              if (begin !== undefined && end !== undefined && end <= begin)
                throw new Error(formatMessage(locale, ruleMessage('activity.endBeforeBegin')));
            },
          }),
        ]}
      >
        {({ readOnly }) => <DateTimeInput disabled={readOnly} />}
      </CustomField>
      <TextAreaField
        name="activityDescription"
        label={t('field.activityDescription')}
        maxLength={1024}
        rows={3}
        rules={[rules.maxLength(1024)]}
      />
      <TextField
        name="coverImage"
        label={t('field.coverImage')}
        maxLength={1024}
        placeholder="https://"
        rules={[rules.maxLength(1024), link(true)]}
      />
      <SelectField
        name="effectOperatorIds"
        label={t('field.effectOperators')}
        tooltip={t('editor.effectOperatorsHelp')}
        multiple
        options={(operators.data ?? []).map((o) => ({ value: o.operatorId, label: o.operatorName }))}
      />

      <Divider titlePlacement="start">
        {t('editor.sectionRules', { type: label('activityType', type) })}
      </Divider>
      {type === 'activity_notify' && (
        <>
          <TextField
            name="rewardSlogan"
            label={t('field.rewardSlogan')}
            maxLength={128}
            rules={[rules.required(), rules.maxLength(128)]}
          />
          <TextField
            name="activityLink"
            label={t('field.activityLink')}
            maxLength={1024}
            placeholder="https://"
            rules={[rules.maxLength(1024), link(false)]}
          />
        </>
      )}
      {type === 'scenario_activity' && (
        <SelectField
          name="businessModule"
          label={t('field.businessModule')}
          rules={[rules.required()]}
          options={dictOptions(bizScenes.data ?? [], (e) => dictEntryLabel(locale, 'bizScene', e))}
        />
      )}
      {type === 'charging_discount' && (
        <Form.Item label={t('field.chargingDiscountRules')} required>
          <DiscountRulesEditor />
        </Form.Item>
      )}
      <ActivityRuleFields type={type} />
    </EntityForm>
  );
}
