import { useMemo, useState } from 'react';
import {
  App,
  Button,
  DatePicker,
  Empty,
  Flex,
  Modal,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import {
  NOTIFICATION_TYPES,
  ResourceNotificationSaveSchema,
  type ResourceNotification,
} from '@cmp/domain/stations/resource-notification';
import { describeErrorWithFields } from '../../../api/describe-error';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { CustomField, EntityForm, SelectField, TextAreaField, TextField } from '../../../components';
import { formatTime, orDash } from '../../../components/format';
import { useStationsTenant } from '../../../components/lookups';
import { useSchemaRules } from '../../../components/EntityForm/schema-rules';
import { stationHistoryKey } from '../../worksheets/worksheets-api';
import {
  notificationsKey,
  toNotificationRequest,
  useNotificationsApi,
  type NotificationFormValues,
} from './notifications-api';
import { useCanChange } from '../../../app/session/use-can-change';

type Editing = { kind: 'add' } | { kind: 'edit'; notification: ResourceNotification };

/** Whether drivers see it now is the server's word (its clock); the rest only tells early from late. */
function phaseOf(n: ResourceNotification, now: number): 'showing' | 'upcoming' | 'ended' {
  if (n.active) return 'showing';
  return now < n.showTimeBegin ? 'upcoming' : 'ended';
}
const PHASE_COLORS = { showing: 'success', upcoming: 'processing', ended: 'default' } as const;

/** The station's notifications, with add and edit. */
export function NotificationsTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('stations');
  const tenant = useStationsTenant();
  const notifications = useNotificationsApi();
  const [editing, setEditing] = useState<Editing | null>(null);
  const canChange = useCanChange();
  const [pageNo, setPageNo] = useState(1);

  const page = { pageNo, pageSize: DEFAULT_PAGE_SIZE };
  const query = useQuery({
    queryKey: [...notificationsKey(tenant, resourceId), page],
    queryFn: ({ signal }) => notifications.list(resourceId, page, signal),
    placeholderData: keepPreviousData,
  });

  const now = Date.now();
  const columns: TableColumnsType<ResourceNotification> = [
    {
      key: 'notification',
      title: t('field.notification'),
      render: (_, n) => (
        <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, tooltip: n.notification }}>
          {n.notification}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'type',
      title: t('field.type'),
      width: 110,
      render: (_, n) => <Tag>{t(`notifications.types.${n.type}`, { defaultValue: n.type })}</Tag>,
    },
    {
      key: 'showTime',
      title: t('notifications.showTime'),
      width: 210,
      render: (_, n) => {
        const phase = phaseOf(n, now);
        return (
          <Flex vertical gap={2}>
            <span>{formatTime(n.showTimeBegin)}</span>
            <span>{formatTime(n.showTimeEnd)}</span>
            <span>
              <Tag color={PHASE_COLORS[phase]}>{t(`notifications.${phase}`)}</Tag>
            </span>
          </Flex>
        );
      },
    },
    { key: 'range', title: t('field.range'), width: 140, render: (_, n) => orDash(n.range) },
    {
      key: 'url',
      title: t('field.url'),
      width: 200,
      ellipsis: true,
      render: (_, n) =>
        n.url ? (
          <Typography.Link href={n.url} target="_blank" rel="noreferrer">
            {n.url}
          </Typography.Link>
        ) : (
          '-'
        ),
    },
    {
      key: 'updateTime',
      title: t('field.updateTime'),
      width: 180,
      render: (_, n) => formatTime(n.updateTime),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      width: 80,
      render: (_, n) =>
        canChange && (
          <Button type="link" size="small" onClick={() => setEditing({ kind: 'edit', notification: n })}>
            {t('notifications.edit')}
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        {canChange && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'add' })}>
            {t('notifications.add')}
          </Button>
        )}
      </Flex>
      {query.isError ? (
        <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<ResourceNotification>
          rowKey="notificationId"
          size="middle"
          columns={columns}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching}
          pagination={{
            current: pageNo,
            pageSize: DEFAULT_PAGE_SIZE,
            total: query.data?.total ?? 0,
            onChange: setPageNo,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />,
          }}
        />
      )}
      <Modal
        open={editing !== null}
        onCancel={() => setEditing(null)}
        footer={null}
        destroyOnHidden
        width={600}
        title={editing?.kind === 'edit' ? t('notifications.editTitle') : t('notifications.addTitle')}
      >
        {editing && (
          <NotificationForm resourceId={resourceId} editing={editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Flex>
  );
}

function NotificationForm({
  resourceId,
  editing,
  onDone,
}: {
  resourceId: string;
  editing: Editing;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('stations');
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  const notifications = useNotificationsApi();
  const rulesFor = useSchemaRules(ResourceNotificationSaveSchema, toNotificationRequest);

  const initialValues = useMemo<NotificationFormValues>(() => {
    if (editing.kind === 'add') return { resourceId, type: 'NOTICE' };
    const n = editing.notification;
    return {
      resourceId,
      notification: n.notification,
      showTime: [dayjs(n.showTimeBegin), dayjs(n.showTimeEnd)],
      range: n.range,
      url: n.url,
      type: n.type,
    };
  }, [editing, resourceId]);

  const submit = async (values: NotificationFormValues) => {
    const request = { ...initialValues, ...values };
    try {
      if (editing.kind === 'edit') await notifications.update(editing.notification.notificationId, request);
      else await notifications.add(request);
    } catch (error) {
      throw new Error(describeErrorWithFields(i18n, error));
    }
    void message.success(t(editing.kind === 'edit' ? 'notifications.saved' : 'notifications.added'));
    onDone();
    void queryClient.invalidateQueries({ queryKey: notificationsKey(tenant, resourceId) });
    void queryClient.invalidateQueries({ queryKey: stationHistoryKey(tenant, resourceId) });
  };

  const typeOptions = NOTIFICATION_TYPES.map((type) => ({
    value: type,
    label: t(`notifications.types.${type}`),
  }));

  return (
    <EntityForm<NotificationFormValues>
      mode={editing.kind === 'add' ? 'create' : 'edit'}
      onModeChange={(mode) => mode === 'view' && onDone()}
      layout="vertical"
      initialValues={initialValues}
      onSubmit={submit}
    >
      <TextAreaField
        name="notification"
        label={t('field.notification')}
        rows={3}
        maxLength={512}
        rules={rulesFor(['notification'], { required: true })}
      />
      <SelectField
        name="type"
        label={t('field.type')}
        options={typeOptions}
        rules={rulesFor(['type'], { required: true })}
      />
      <CustomField
        name="showTime"
        label={t('notifications.showTime')}
        rules={rulesFor(['showTimeBegin', 'showTimeEnd'], { required: true })}
      >
        {({ readOnly }) => (
          <DatePicker.RangePicker
            showTime
            disabled={readOnly}
            style={{ width: '100%' }}
            placeholder={[t('notifications.showTimeStart'), t('notifications.showTimeEnd')]}
          />
        )}
      </CustomField>
      <TextField
        name="range"
        label={t('field.range')}
        placeholder={t('notifications.rangeHint')}
        maxLength={64}
        rules={rulesFor(['range'])}
      />
      <TextField
        name="url"
        label={t('field.url')}
        placeholder={t('notifications.urlHint')}
        maxLength={512}
        rules={rulesFor(['url'])}
      />
    </EntityForm>
  );
}
