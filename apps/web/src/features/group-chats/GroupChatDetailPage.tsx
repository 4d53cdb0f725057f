import { useMemo, useState } from 'react';
import { NotificationOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  ConfigProvider,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CHAT_CLIENTS, type ChatClient } from '@cmp/domain/chats/chat-clients';
import {
  DEFAULT_MAX_MEMBER_NUM,
  GROUP_STATE_MOVES,
  GroupChatCreateSchema,
  type ChatSwitch,
  type GroupChat,
  type GroupChatCreate,
  type GroupMember,
  type GroupState,
} from '@cmp/domain/chats/group-chats';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useCanChange } from '../../app/session/use-can-change';
import {
  EntityForm,
  PagedTable,
  searchTableQueryKey,
  useEntityFormMode,
  type SearchTableColumn,
} from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { EditorPage, useEditorId } from '../../components/EntityForm/EditorPage';
import { useEntityEditor } from '../../components/EntityForm/use-entity-editor';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { groupChatDetailPath, groupChatListPath } from './group-chat-links';
import { GROUP_CHAT_LIST, groupChatKeys, useGroupChat, useGroupChatsApi } from './group-chats-api';
import { GroupChatStatusTag } from './GroupChatStatusTag';
import { NotifyDialog } from './NotifyDialog';

interface FormValues {
  resourceId?: string;
  clientCode?: ChatClient;
  owner?: string;
  groupName?: string;
  groupIntro?: string;
  groupCover?: string;
  chatSwitch: boolean;
  maxMemberNum?: number;
}

const toFormValues = (group?: GroupChat): FormValues => ({
  resourceId: group?.resourceId ?? '',
  clientCode: group?.clientCode,
  owner: group?.owner ?? '',
  groupName: group?.groupName ?? '',
  groupIntro: group?.groupIntro ?? '',
  groupCover: group?.groupCover ?? '',
  chatSwitch: group?.chatSwitch === 1,
  maxMemberNum: group?.detail?.maxMemberNum ?? DEFAULT_MAX_MEMBER_NUM,
});

const toRequest = (values: Partial<FormValues>): GroupChatCreate => ({
  resourceId: values.resourceId ?? '',
  clientCode: values.clientCode as ChatClient,
  owner: values.owner ?? '',
  groupName: values.groupName ?? '',
  groupIntro: values.groupIntro ?? '',
  groupCover: values.groupCover ?? '',
  chatSwitch: (values.chatSwitch ? 1 : 0) as ChatSwitch,
  maxMemberNum: values.maxMemberNum,
});

const RULE_FIELDS = {
  'groupChats.unknownStation': 'resourceId',
  'groupChats.stationTaken': 'resourceId',
  'groupChats.unknownAccount': 'owner',
  'groupChats.maxBelowMembers': 'maxMemberNum',
} as const;

/**
 * One group chat (`?id=`): its info and switch, its status with the moves it allows, its members and its
 * notices; without an id, the form of a new group of a station and client (spec M3.7, §7 chat-group).
 */
export default function GroupChatDetailPage() {
  const { t } = useTranslation('groupChats');
  const tenant = useStationsTenant();
  const id = useEditorId();
  const group = useGroupChat(id);
  const data = group.data;
  return (
    <EditorPage
      id={id}
      entity={group}
      back={{ to: groupChatListPath(tenant), label: t('detail.back') }}
      notFound={group.error?.message}
      title={data ? data.groupName : t('detail.createTitle')}
      status={data?.detail && <GroupChatStatusTag status={data.detail.chatStatus} />}
    >
      <Row gutter={16}>
        <Col xs={24} xl={data ? 14 : 24}>
          <Card title={t('detail.info')}>
            <GroupChatForm key={id ?? ''} group={data} onReload={() => void group.refetch()} />
          </Card>
        </Col>
        {data && (
          <Col xs={24} xl={10}>
            <Flex vertical gap={16}>
              <StatusCard group={data} />
              <NoticesCard group={data} />
            </Flex>
          </Col>
        )}
      </Row>
      {data && <MembersCard group={data} />}
    </EditorPage>
  );
}

function GroupChatForm({ group, onReload }: { group?: GroupChat; onReload: () => void }) {
  const tenant = useStationsTenant();
  const groups = useGroupChatsApi();
  const navigate = useNavigate();
  const canChange = useCanChange();
  const [form] = Form.useForm<FormValues>();
  const initialValues = useMemo(() => toFormValues(group), [group]);
  const { mode, setMode, submit } = useEntityEditor({
    entity: group,
    form,
    namespace: 'groupChats',
    prefix: 'detail',
    idOf: (saved) => saved.id,
    paramsOf: (saved) => ({ id: saved.id }),
    save: (values, current) => {
      if (!current) return groups.create(toRequest(values));
      const { resourceId: _r, clientCode: _c, ...change } = toRequest(values);
      return groups.update(current.id, { ...change, version: current.version });
    },
    detailKey: (id) => groupChatKeys.detail(tenant, id),
    staleKeys: (id) => [searchTableQueryKey(tenant, GROUP_CHAT_LIST), groupChatKeys.all(tenant, id)],
    editorPath: (id) => groupChatDetailPath(tenant, id),
    listPath: groupChatListPath(tenant),
    onReload,
    versionConflict: 'groupChats.versionConflict',
    ruleFields: RULE_FIELDS,
  });

  return (
    <EntityForm<FormValues>
      form={form}
      mode={mode}
      onModeChange={setMode}
      editable={canChange && group?.detail?.chatStatus !== 'DESTROY'}
      initialValues={initialValues}
      onSubmit={submit}
      onCancelCreate={() => void navigate(groupChatListPath(tenant))}
      layout="vertical"
    >
      <GroupChatFields group={group} />
    </EntityForm>
  );
}

function GroupChatFields({ group }: { group?: GroupChat }) {
  const { t } = useTranslation('groupChats');
  const label = useEnumLabel();
  const mode = useEntityFormMode();
  const rulesFor = useSchemaRules<Partial<FormValues>>(GroupChatCreateSchema, toRequest);
  return (
    <ConfigProvider componentDisabled={mode === 'view'}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="resourceId"
            label={t('field.resourceId')}
            rules={rulesFor(['resourceId'], { required: true })}
            extra={group?.resourceName ?? undefined}
          >
            <Input maxLength={64} disabled={group !== undefined} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="clientCode"
            label={t('field.clientCode')}
            rules={rulesFor(['clientCode'], { required: true })}
          >
            <Select
              disabled={group !== undefined}
              placeholder={t('detail.choose')}
              options={CHAT_CLIENTS.map((c) => ({ value: c, label: label('chatClient', c) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="groupName"
            label={t('field.groupName')}
            rules={rulesFor(['groupName'], { required: true })}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="owner"
            label={t('field.owner')}
            rules={rulesFor(['owner'], { required: true })}
            extra={group?.ownerNickname ?? t('detail.ownerHelp')}
          >
            <Input maxLength={64} placeholder={t('list.accountId')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="groupIntro" label={t('field.groupIntro')} rules={rulesFor(['groupIntro'])}>
            <Input.TextArea maxLength={512} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="groupCover" label={t('field.groupCover')} rules={rulesFor(['groupCover'])}>
            <Input maxLength={1024} placeholder="https://" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="chatSwitch" label={t('field.chatSwitch')} valuePropName="checked">
            <Switch checkedChildren={t('switch.on')} unCheckedChildren={t('switch.off')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="maxMemberNum" label={t('field.maxMemberNum')} rules={rulesFor(['maxMemberNum'])}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {group && (
          <Col xs={24}>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'chatId', label: t('field.chatId'), children: group.chatId },
                {
                  key: 'members',
                  label: t('field.memberNum'),
                  children: `${group.detail?.memberNum ?? 0} / ${group.detail?.maxMemberNum ?? '-'}`,
                },
                {
                  key: 'creator',
                  label: t('field.creator'),
                  children: `${orDash(group.creator)} ${formatTime(group.createdAt)}`,
                },
                {
                  key: 'updater',
                  label: t('field.updater'),
                  children: `${orDash(group.updater)} ${formatTime(group.updatedAt)}`,
                },
              ]}
            />
          </Col>
        )}
      </Row>
    </ConfigProvider>
  );
}

/** The moves the group's status allows, each asked for before it is made. */
function StatusCard({ group }: { group: GroupChat }) {
  const { t } = useTranslation('groupChats');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const groups = useGroupChatsApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const canChange = useCanChange();
  const label = useEnumLabel();
  const status = (group.detail?.chatStatus ?? 'NORMAL') as GroupState;
  const moves = GROUP_STATE_MOVES[status] ?? [];

  const move = (to: GroupState) =>
    modal.confirm({
      title: t(`move.${to}.title`, { name: group.groupName }),
      content: t(`move.${to}.content`),
      okText: t(`move.${to}.ok`),
      cancelText: t('detail.cancel'),
      okButtonProps: { danger: to !== 'NORMAL' },
      onOk: async () => {
        try {
          const saved = await groups.move(group.id, to, group.version);
          queryClient.setQueryData(groupChatKeys.detail(tenant, group.id), saved);
          void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, GROUP_CHAT_LIST) });
          void message.success(t('move.done', { status: label('chatStatus', to) }));
        } catch (error) {
          void message.error(describe(error));
        }
      },
    });

  return (
    <Card title={t('detail.status')}>
      <Flex vertical gap={12}>
        <Space>
          <GroupChatStatusTag status={status} />
          <Typography.Text type="secondary">{t(`statusHelp.${status}`)}</Typography.Text>
        </Space>
        {canChange && moves.length > 0 && (
          <Space wrap>
            {moves.map((to) => (
              <Button key={to} danger={to === 'DESTROY'} onClick={() => move(to)}>
                {t(`move.${to}.button`)}
              </Button>
            ))}
          </Space>
        )}
      </Flex>
    </Card>
  );
}

/** appNotify: what was sent to the members, and the button to send another. */
function NoticesCard({ group }: { group: GroupChat }) {
  const { t } = useTranslation('groupChats');
  const tenant = useStationsTenant();
  const groups = useGroupChatsApi();
  const canChange = useCanChange();
  const [open, setOpen] = useState(false);
  const notices = useQuery({
    queryKey: groupChatKeys.notices(tenant, group.id),
    queryFn: ({ signal }) => groups.notices(group.id, signal),
  });
  const usable = group.detail?.chatStatus === 'NORMAL';
  return (
    <Card
      title={t('notify.title')}
      extra={
        canChange && (
          <Button
            type="primary"
            icon={<NotificationOutlined />}
            disabled={!usable}
            title={usable ? undefined : t('notify.onlyNormal')}
            onClick={() => setOpen(true)}
          >
            {t('notify.send')}
          </Button>
        )
      }
    >
      {notices.isError ? (
        <ErrorResult error={notices.error} onRetry={() => void notices.refetch()} />
      ) : (
        <List
          loading={notices.isPending}
          dataSource={notices.data?.items ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notify.none')} />,
          }}
          renderItem={(notice) => (
            <List.Item key={notice.batchId}>
              <List.Item.Meta
                title={notice.title}
                description={
                  <>
                    <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
                      {notice.content}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('notify.sentLine', {
                        by: orDash(notice.createdBy),
                        at: formatTime(notice.createdAt),
                        recipients: notice.recipients,
                        pending: notice.pending,
                      })}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <NotifyDialog group={group} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

function MembersCard({ group }: { group: GroupChat }) {
  const { t } = useTranslation('groupChats');
  const tenant = useStationsTenant();
  const groups = useGroupChatsApi();
  const label = useEnumLabel();
  const columns = useMemo<SearchTableColumn<GroupMember>[]>(
    () => [
      {
        key: 'avatar',
        title: t('member.avatar'),
        width: 64,
        render: (m) =>
          m.avatar ? (
            <img
              src={m.avatar}
              alt=""
              width={28}
              height={28}
              style={{ borderRadius: '50%', objectFit: 'cover' }}
            />
          ) : (
            '-'
          ),
      },
      { key: 'nickname', title: t('member.nickname'), width: 160, render: (m) => orDash(m.nickname) },
      { key: 'accountId', title: t('member.accountId'), width: 160, render: (m) => m.accountId },
      {
        key: 'role',
        title: t('member.role'),
        width: 100,
        render: (m) => (m.owner ? t('member.owner') : t('member.member')),
      },
      {
        key: 'clientCode',
        title: t('field.clientCode'),
        width: 180,
        render: (m) => label('chatClient', m.clientCode),
      },
      { key: 'invitedBy', title: t('member.invitedBy'), width: 140, render: (m) => orDash(m.invitedBy) },
      { key: 'joinedAt', title: t('member.joinedAt'), width: 170, render: (m) => formatTime(m.joinedAt) },
    ],
    [t, label],
  );
  return (
    <Card title={t('member.title', { count: group.detail?.memberNum ?? 0 })}>
      <PagedTable<GroupMember>
        rowKey="accountId"
        columns={columns}
        queryKey={(pageNo) => groupChatKeys.members(tenant, group.id, pageNo)}
        load={(pageNo, signal) => groups.members(group.id, pageNo, signal)}
        empty={t('member.none')}
      />
    </Card>
  );
}
