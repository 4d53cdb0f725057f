import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Menu,
  Modal,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import {
  DICT_ENTRY_DISABLED,
  DICT_ENTRY_ENABLED,
  DictEntryCreateSchema,
  PARK_FEE_TAG_DICT_TYPE,
  type DictEntry,
  type DictEntryCreate,
  type DictType,
} from '@cmp/domain/stations/dictionaries';
import { useDescribeError } from '../../api/describe-error';
import { useCurrentUser } from '../../app/session/current-user';
import { hasRole } from '../../app/session/roles';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { EntityForm, NumberField, SelectField, TextAreaField, TextField } from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { orDash } from '../../components/format';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { dictEntryLabel, useDictionary, useStationsTenant } from '../../components/lookups';
import { useDictionariesApi, useDictionaryChanged, useDictionaryTypes } from './dictionaries-api';

/** The label catalogue of the dictionaries whose shipped codes the portal names itself. */
const ENUMERATION_OF: Record<string, 'bizScene' | 'parkFeeTag'> = {
  [BIZ_SCENE_DICT_TYPE]: 'bizScene',
  [PARK_FEE_TAG_DICT_TYPE]: 'parkFeeTag',
};

type Editing = { kind: 'create'; type: DictType } | { kind: 'edit'; type: DictType; entry: DictEntry };

/** The form holds the create request; editing leaves the code as it is. */
type EntryFormValues = DictEntryCreate;
const toEntryRequest = (values: EntryFormValues): DictEntryCreate => values;

/**
 * The dictionaries the selects read: every type, its entries with their labels in both languages, order and
 * status. Admins add, edit, disable and enable entries; entries are never deleted (docs/decisions.md).
 */
export default function DictionariesPage() {
  const { t, i18n } = useTranslation('settings');
  const tenant = useStationsTenant();
  const isAdmin = hasRole(useCurrentUser(), tenant, 'admin');
  const types = useDictionaryTypes();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing | null>(null);

  const typeName = (type: DictType) =>
    i18n.exists(`settings:dictionaries.typeName.${type.code}`)
      ? t(`dictionaries.typeName.${type.code}`)
      : type.name;
  const selectedCode = searchParams.get('type') ?? types.data?.[0]?.code;
  const selected = types.data?.find((type) => type.code === selectedCode);

  if (types.isError) {
    return (
      <Card title={t('dictionaries.title')}>
        <ErrorResult error={types.error} onRetry={() => void types.refetch()} />
      </Card>
    );
  }

  return (
    <Card title={t('dictionaries.title')}>
      <Typography.Paragraph type="secondary">{t('dictionaries.intro')}</Typography.Paragraph>
      {!isAdmin && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('dictionaries.readOnly')} />
      )}
      {types.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : !types.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dictionaries.noTypes')} />
      ) : (
        <Flex gap={24} align="flex-start" wrap>
          <Menu
            aria-label={t('dictionaries.types')}
            style={{ width: 240, flex: 'none' }}
            mode="inline"
            selectedKeys={selected ? [selected.code] : []}
            onClick={({ key }) => setSearchParams({ type: key })}
            items={types.data.map((type) => ({
              key: type.code,
              label: (
                <Flex justify="space-between" gap={8}>
                  <span>{typeName(type)}</span>
                  <Typography.Text type="secondary">
                    {t('dictionaries.entryCount', { enabled: type.enabledCount, total: type.entryCount })}
                  </Typography.Text>
                </Flex>
              ),
            }))}
          />
          {selected && (
            <EntryTable
              key={selected.code}
              type={selected}
              typeName={typeName(selected)}
              isAdmin={isAdmin}
              onEdit={setEditing}
            />
          )}
        </Flex>
      )}
      <Modal
        open={editing !== null}
        title={
          editing?.kind === 'edit'
            ? t('dictionaries.editTitle', { code: editing.entry.code })
            : t('dictionaries.createTitle', { type: editing ? typeName(editing.type) : '' })
        }
        footer={null}
        // Only the form's Cancel closes it: that asks before dropping changes.
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        destroyOnHidden
        width={560}
      >
        {editing && <EntryForm editing={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Card>
  );
}

function EntryTable({
  type,
  typeName,
  isAdmin,
  onEdit,
}: {
  type: DictType;
  typeName: string;
  isAdmin: boolean;
  onEdit: (editing: Editing) => void;
}) {
  const { t } = useTranslation('settings');
  const locale = useDomainLocale();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const entries = useDictionary(type.code);
  const dictionaries = useDictionariesApi();
  const changed = useDictionaryChanged();
  const enumeration = ENUMERATION_OF[type.code];

  const setStatus = async (entry: DictEntry, status: number) => {
    const { dictId, code: _code, dictTypeId: _type, ...rest } = entry;
    try {
      await dictionaries.update(dictId, { ...rest, status: status as 0 | 1 });
      void message.success(
        t(status === DICT_ENTRY_ENABLED ? 'dictionaries.enabled' : 'dictionaries.disabled', {
          name: dictEntryLabel(locale, enumeration, entry),
        }),
      );
      await changed(type.code);
    } catch (error) {
      void message.error(t('dictionaries.changeFailed', { reason: describe(error) }), 8);
    }
  };

  const confirmDisable = (entry: DictEntry) =>
    modal.confirm({
      title: t('dictionaries.disableTitle', { name: dictEntryLabel(locale, enumeration, entry) }),
      content: t('dictionaries.disableEffect'),
      okText: t('dictionaries.disable'),
      cancelText: t('dictionaries.cancel'),
      okButtonProps: { danger: true },
      onOk: () => setStatus(entry, DICT_ENTRY_DISABLED),
    });

  const columns: TableColumnsType<DictEntry> = [
    {
      key: 'code',
      title: t('dictionaries.field.code'),
      width: 120,
      render: (_, entry) => <Typography.Text code>{entry.code}</Typography.Text>,
    },
    { key: 'name', dataIndex: 'name', title: t('dictionaries.field.name'), width: 160 },
    {
      key: 'nameEn',
      title: t('dictionaries.field.nameEn'),
      width: 200,
      render: (_, entry) =>
        entry.nameEn ?? (
          <Typography.Text type="secondary">
            {dictEntryLabel('en-US', enumeration, entry)}{' '}
            <Tag variant="filled">{t('dictionaries.defaultLabel')}</Tag>
          </Typography.Text>
        ),
    },
    { key: 'sort', dataIndex: 'sort', title: t('dictionaries.field.sort'), width: 110, align: 'right' },
    {
      key: 'status',
      title: t('dictionaries.field.status'),
      width: 110,
      render: (_, entry) =>
        entry.status === DICT_ENTRY_ENABLED ? (
          <Badge status="success" text={t('dictionaries.status.enabled')} />
        ) : (
          <Badge status="default" text={t('dictionaries.status.disabled')} />
        ),
    },
    {
      key: 'description',
      title: t('dictionaries.field.description'),
      width: 240,
      ellipsis: true,
      render: (_, entry) => orDash(entry.description),
    },
    ...(isAdmin
      ? [
          {
            key: 'actions',
            title: t('dictionaries.field.actions'),
            width: 160,
            render: (_: unknown, entry: DictEntry) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onEdit({ kind: 'edit', type, entry })}>
                  {t('dictionaries.edit')}
                </Button>
                {entry.status === DICT_ENTRY_ENABLED ? (
                  <Button type="link" size="small" danger onClick={() => confirmDisable(entry)}>
                    {t('dictionaries.disable')}
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => void setStatus(entry, DICT_ENTRY_ENABLED)}>
                    {t('dictionaries.enable')}
                  </Button>
                )}
              </Space>
            ),
          } satisfies TableColumnsType<DictEntry>[number],
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {typeName} <Typography.Text type="secondary">{type.code}</Typography.Text>
        </Typography.Title>
        {isAdmin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => onEdit({ kind: 'create', type })}>
            {t('dictionaries.create')}
          </Button>
        )}
      </Flex>
      {entries.isError ? (
        <ErrorResult error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <Table<DictEntry>
          rowKey="dictId"
          size="middle"
          columns={columns}
          dataSource={[...(entries.data ?? [])].sort((a, b) => a.sort - b.sort || a.dictId - b.dictId)}
          loading={entries.isFetching}
          pagination={false}
          scroll={{ x: 1200 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dictionaries.empty')} />,
          }}
        />
      )}
    </Flex>
  );
}

function EntryForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const dictionaries = useDictionariesApi();
  const changed = useDictionaryChanged();
  const rulesFor = useSchemaRules(DictEntryCreateSchema, toEntryRequest);
  const { type } = editing;

  const initialValues = useMemo<EntryFormValues>(() => {
    if (editing.kind === 'create') {
      return { code: '', name: '', nameEn: null, sort: type.entryCount + 1, status: 1, description: null };
    }
    const { code, name, nameEn, sort, status, description } = editing.entry;
    return { code, name, nameEn, sort, status: status as 0 | 1, description };
  }, [editing, type.entryCount]);

  const submit = async (values: EntryFormValues) => {
    const request = { ...initialValues, ...values };
    let saved: DictEntry;
    try {
      if (editing.kind === 'edit') {
        const { code: _code, ...edit } = request;
        saved = await dictionaries.update(editing.entry.dictId, edit);
      } else {
        saved = await dictionaries.create(type.code, request);
      }
    } catch (error) {
      throw new Error(describe(error));
    }
    void message.success(t('dictionaries.saved', { name: saved.name }));
    onClose();
    await changed(type.code);
  };

  return (
    <EntityForm<EntryFormValues>
      mode={editing.kind}
      onModeChange={(next) => next === 'view' && onClose()}
      layout="vertical"
      initialValues={initialValues}
      onSubmit={submit}
    >
      <TextField
        name="code"
        label={t('dictionaries.field.code')}
        maxLength={32}
        disabled={editing.kind === 'edit'}
        rules={editing.kind === 'create' ? rulesFor(['code'], { required: true }) : []}
      />
      <TextField
        name="name"
        label={t('dictionaries.field.name')}
        maxLength={64}
        rules={rulesFor(['name'], { required: true })}
      />
      <TextField
        name="nameEn"
        label={t('dictionaries.field.nameEn')}
        placeholder={t('dictionaries.nameEnHint')}
        maxLength={64}
        rules={rulesFor(['nameEn'])}
      />
      <NumberField
        name="sort"
        label={t('dictionaries.field.sort')}
        min={0}
        max={9999}
        precision={0}
        rules={rulesFor(['sort'], { required: true })}
      />
      <SelectField
        name="status"
        label={t('dictionaries.field.status')}
        options={[
          { value: DICT_ENTRY_ENABLED, label: t('dictionaries.status.enabled') },
          { value: DICT_ENTRY_DISABLED, label: t('dictionaries.status.disabled') },
        ]}
        rules={rulesFor(['status'], { required: true })}
      />
      <TextAreaField
        name="description"
        label={t('dictionaries.field.description')}
        rows={2}
        maxLength={255}
        rules={rulesFor(['description'])}
      />
    </EntityForm>
  );
}
