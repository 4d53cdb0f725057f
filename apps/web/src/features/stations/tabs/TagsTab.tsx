import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Rate,
  Select,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { LockOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@cmp/domain/messages/format';
import { checkNumber } from '@cmp/domain/shared/form-rules';
import { faultRatioFromTagValue, faultRatioToTagValue } from '@cmp/domain/tags/numeric-tags';
import type { StationTagGroup, TagGroupSet } from '@cmp/domain/tags/tag-contracts';
import { checkTagValue } from '@cmp/domain/tags/tag-values';
import { useDescribeError } from '../../../api/describe-error';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { useCanChange } from '../../../app/session/use-can-change';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { useEnumLabel, type EnumLabel } from '../../../components/i18n/use-enum-label';
import { stationHistoryKey } from '../../worksheets/worksheets-api';
import { formatTime } from '../../../components/format';
import { useStationsTenant } from '../../../components/lookups';
import { stationTagsKey, useTagsApi } from './tags-api';
import styles from './TagsTab.module.css';

/** Seeded groups and tags are named in the reader's language; others keep the name they were given. */
const groupName = (label: EnumLabel, group: StationTagGroup) =>
  label('tagGroup', group.tagGroupCode, group.tagGroupName);
const tagName = (label: EnumLabel, code: string, name: string | null) => label('tagName', code, name ?? code);

const takesValue = (group: StationTagGroup) =>
  group.inputType === 'number' || group.inputType === 'fault_ratio' || group.inputType === 'occupy_time';

/** The value as stored from what staff typed: the fault ratio is typed in percent and stored as a ratio. */
const toTagValue = (group: StationTagGroup, typed: string | undefined): string | undefined => {
  const text = typed?.trim();
  if (!text) return undefined;
  return group.inputType === 'fault_ratio' && !checkNumber(text) ? faultRatioToTagValue(text) : text;
};

/** A stored value as staff type it, the reverse of toTagValue. */
const toTyped = (group: StationTagGroup, tagValue: string | null): string | undefined => {
  if (tagValue === null) return undefined;
  return group.inputType === 'fault_ratio' ? String(faultRatioFromTagValue(tagValue)) : tagValue;
};

/** One value of a group (the overall one, or one layer's) as the reader reads it. */
function shownValue(
  group: StationTagGroup,
  value: { tagCode: string | null; tagName: string | null; tagValue: string | null },
  words: { yes: string; no: string },
  label: EnumLabel,
): string | null {
  if (group.inputType === 'yes_no') {
    return value.tagCode ? `${words.yes} (${tagName(label, value.tagCode, value.tagName)})` : words.no;
  }
  if (value.tagCode === null) return null;
  if (!takesValue(group)) return tagName(label, value.tagCode, value.tagName);
  const unit = group.inputType === 'fault_ratio' ? '%' : group.unit ? ` ${group.unit}` : '';
  return `${toTyped(group, value.tagValue) ?? ''}${unit}`;
}

/**
 * The overall value, and beneath it each layer when both hold one (the algorithms' measured value and
 * staff's), with staff's expiry and its reason.
 */
function CurrentValue({ group }: { group: StationTagGroup }) {
  const { t } = useTranslation('stationDetail');
  const label = useEnumLabel();
  const words = { yes: t('tags.yes'), no: t('tags.no') };
  const overall = shownValue(group, group, words, label);
  const algorithm = shownValue(
    group,
    { tagCode: group.algorithmTagCode, tagName: group.algorithmTagName, tagValue: group.algorithmTagValue },
    words,
    label,
  );
  const cmo = shownValue(
    group,
    { tagCode: group.cmoTagCode, tagName: group.cmoTagName, tagValue: group.cmoTagValue },
    words,
    label,
  );
  return (
    <>
      {overall ?? <Typography.Text type="secondary">{t('tags.none')}</Typography.Text>}
      {group.algorithmTagCode !== null && group.cmoTagCode !== null && (
        <div>
          <Typography.Text type="secondary">{t('tags.layers', { algorithm, cmo })}</Typography.Text>
        </div>
      )}
      {group.cmoExpire && (
        <div>
          <Tag color="orange">{t('tags.cmoExpired')}</Tag>
          {group.cmoExpireReason && (
            <Typography.Text type="secondary">{group.cmoExpireReason}</Typography.Text>
          )}
        </div>
      )}
    </>
  );
}

interface EditorValues {
  tagCode?: string | null;
  value?: string;
  yes?: boolean;
  remark?: string;
}

/** One group's editor: the input its type asks for, checked here by the same rules the server applies. */
function TagGroupEditor({
  resourceId,
  group,
  onClose,
}: {
  resourceId: string;
  group: StationTagGroup;
  onClose: () => void;
}) {
  const { t } = useTranslation('stationDetail');
  const label = useEnumLabel();
  const name = groupName(label, group);
  const locale = useDomainLocale();
  const describe = useDescribeError();
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const api = useTagsApi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditorValues>();
  const save = useMutation({
    mutationFn: (body: TagGroupSet) => api.set(resourceId, group.tagGroupCode, body),
    onSuccess: (tags) => {
      queryClient.setQueryData(stationTagsKey(tenant, resourceId, locale), tags);
      void queryClient.invalidateQueries({ queryKey: stationHistoryKey(tenant, resourceId) });
      void message.success(t('tags.saved', { group: name }));
      onClose();
    },
  });

  const submit = (values: EditorValues) => {
    const remark = values.remark?.trim() ? { remark: values.remark.trim() } : {};
    if (group.inputType === 'yes_no') return save.mutate({ yes: values.yes ?? false, ...remark });
    if (!takesValue(group)) return save.mutate({ tagCode: values.tagCode ?? null, ...remark });
    const tagValue = toTagValue(group, values.value);
    save.mutate({
      // A group that takes a value has one tag; an empty value clears the group.
      tagCode: tagValue === undefined ? null : (group.tagList[0]?.tagCode ?? null),
      ...(tagValue === undefined ? {} : { tagValue }),
      ...remark,
    });
  };

  const valueRule = {
    validator: async (_: unknown, typed: string | undefined) => {
      if (!typed?.trim()) return;
      const problem = checkTagValue(ruleInput(group, name), toTagValue(group, typed));
      if (problem) throw new Error(formatMessage(locale, problem));
    },
  };

  return (
    <Modal
      open
      title={t('tags.editTitle', { group: name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<EditorValues>
        form={form}
        layout="vertical"
        // The editor changes staff's value: it starts from that, not from the algorithms'.
        initialValues={{
          tagCode: group.cmoTagCode,
          value: toTyped(group, group.cmoTagValue),
          yes: group.cmoTagCode !== null,
        }}
        onFinish={submit}
      >
        {group.tooltip && <Typography.Paragraph type="secondary">{group.tooltip}</Typography.Paragraph>}
        {group.inputType === 'yes_no' && (
          <Form.Item name="yes" label={name}>
            <Radio.Group
              options={[
                { value: true, label: t('tags.yes') },
                { value: false, label: t('tags.no') },
              ]}
            />
          </Form.Item>
        )}
        {group.inputType === 'select' && (
          <Form.Item name="tagCode" label={t('tags.tag')}>
            <Select
              placeholder={group.placeholder}
              options={[
                { value: null, label: t('tags.clear') },
                ...group.tagList.map((tag) => ({
                  value: tag.tagCode,
                  label: tagName(label, tag.tagCode, tag.tagName),
                })),
              ]}
            />
          </Form.Item>
        )}
        {takesValue(group) && (
          <Form.Item
            name="value"
            label={t('tags.value')}
            rules={[valueRule]}
            extra={group.inputType === 'fault_ratio' ? t('tags.percentHint') : undefined}
          >
            <Input
              allowClear
              suffix={group.inputType === 'fault_ratio' ? '%' : (group.unit ?? undefined)}
              placeholder={group.placeholder ?? undefined}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('tags.remark')}>
          <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        {save.isError && <Alert type="error" showIcon message={describe(save.error)} />}
      </Form>
    </Modal>
  );
}

const ruleInput = (group: StationTagGroup, name: string) => ({
  inputType: group.inputType,
  groupName: name,
  min: group.min,
  max: group.max,
  tooltip: group.tooltip,
});

/**
 * The tag groups of a station's type with what the station holds in each, who set it and when; operators edit
 * a group in a dialog, and a group that may not be changed says why.
 */
export function TagsTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('stationDetail');
  const tenant = useStationsTenant();
  const api = useTagsApi();
  const canChange = useCanChange();
  const label = useEnumLabel();
  const locale = useDomainLocale();
  const [editing, setEditing] = useState<StationTagGroup | null>(null);
  const query = useQuery({
    queryKey: stationTagsKey(tenant, resourceId, locale),
    queryFn: ({ signal }) => api.list(resourceId, signal),
  });
  if (query.isError) return <ErrorResult error={query.error} onRetry={() => void query.refetch()} />;

  const columns: TableColumnsType<StationTagGroup> = [
    {
      title: t('tags.group'),
      dataIndex: 'tagGroupName',
      width: 240,
      render: (_, group) => (
        <>
          {groupName(label, group)}{' '}
          {group.tooltip && (
            <Tooltip title={group.tooltip}>
              <QuestionCircleOutlined aria-label={group.tooltip} />
            </Tooltip>
          )}
        </>
      ),
    },
    {
      title: t('tags.current'),
      key: 'current',
      render: (_, group) => (
        <>
          <CurrentValue group={group} />
          {group.disabled && group.disabledReason && (
            <div>
              <Typography.Text type="secondary">
                <LockOutlined /> {group.disabledReason}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: t('tags.source'),
      dataIndex: 'source',
      width: 120,
      render: (source: StationTagGroup['source']) =>
        source === null ? (
          '-'
        ) : (
          <Tag color={source === 'algorithm' ? 'purple' : 'blue'}>
            {t(source === 'algorithm' ? 'tags.sourceAlgorithm' : 'tags.sourceCmo')}
          </Tag>
        ),
    },
    {
      title: t('tags.updated'),
      dataIndex: 'updateTime',
      width: 180,
      render: (time: number | null) => formatTime(time),
    },
    {
      title: '',
      key: 'action',
      width: 140,
      render: (_, group) =>
        group.disabled ? (
          <Tag icon={<LockOutlined />}>{t('tags.locked')}</Tag>
        ) : (
          canChange && (
            <Button
              type="link"
              size="small"
              aria-label={t('tags.editTitle', { group: groupName(label, group) })}
              onClick={() => setEditing(group)}
            >
              {t('tags.edit')}
            </Button>
          )
        ),
    },
  ];

  const score = query.data?.overallScore ?? null;
  return (
    <>
      <Flex align="center" gap={8} className={styles.score}>
        <Typography.Text strong>{t('tags.overallScore')}</Typography.Text>
        {score === null ? (
          <Typography.Text type="secondary">{t('tags.noScore')}</Typography.Text>
        ) : (
          <>
            <Rate disabled allowHalf value={Math.round(score * 2) / 2} />
            <Typography.Text>{score.toFixed(1)}</Typography.Text>
            <Tag color="gold">{label('overallLevel', query.data!.overallLevel)}</Tag>
          </>
        )}
      </Flex>
      <Table<StationTagGroup>
        rowKey="tagGroupCode"
        size="middle"
        loading={query.isPending}
        columns={columns}
        dataSource={query.data?.tagList ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('tags.empty')} /> }}
      />
      {editing && <TagGroupEditor resourceId={resourceId} group={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
