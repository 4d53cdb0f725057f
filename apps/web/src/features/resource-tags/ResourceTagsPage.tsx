import { useMemo, useState } from 'react';
import { App, Badge, Button, Empty, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TAG_BIZ_CODES, TAG_PROVIDERS } from '@cmp/domain/tags/tag-catalog';
import type { CatalogueGroup, CatalogueTag } from '@cmp/domain/tags/tag-catalogue-editing';
import type { Query } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { ExportButton } from '../../app/tasks/ExportButton';
import { useCurrentUser } from '../../app/session/current-user';
import { hasRole } from '../../app/session/roles';
import {
  SearchTable,
  searchTableQueryKey,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { GroupDrawer, TagModal, TooltipModal } from './CatalogueEditors';
import { HoldersDrawer } from './HoldersDrawer';
import { RESOURCE_TAGS_LIST, resourceTagKeys, useResourceTagsApi } from './resource-tags-api';

const FILTER_NAMES = ['tagCategoryCode', 'tagProviderCode', 'bizCode', 'keyword'] as const;

/** The form's filter as the list and its export send it: chosen values and typed text without blanks. */
function toFilterQuery(params: SearchTableParams): Query {
  const query: Query = {};
  for (const name of FILTER_NAMES) {
    const value = params[name];
    if (typeof value === 'number') query[name] = value;
    else if (typeof value === 'string' && value.trim() !== '') query[name] = value.trim();
  }
  if (params.sort) query.sort = params.sort;
  return query;
}

/** What an editor is open on: a group (new or existing), its tooltip, a tag of it (new or existing). */
type Editing =
  | { kind: 'group'; group: CatalogueGroup | null }
  | { kind: 'tooltip'; group: CatalogueGroup }
  | { kind: 'tag'; group: CatalogueGroup; tag: CatalogueTag | null };

/**
 * The resource tag editor (core "Resource tags"): the catalogue of tag groups with their tags and tooltips,
 * filtered by category, provider, resource type and a word, exported as seen. Administrators create and
 * edit groups, their tags and tooltips; a tag stations hold is not deleted, and its count opens the
 * stations holding it.
 */
export default function ResourceTagsPage() {
  const { t } = useTranslation('resourceTags');
  const tenant = useStationsTenant();
  const user = useCurrentUser();
  const canEdit = hasRole(user, tenant, 'admin');
  const api = useResourceTagsApi();
  const label = useEnumLabel();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [holdersOf, setHoldersOf] = useState<CatalogueTag | null>(null);

  const options = useQuery({
    queryKey: resourceTagKeys.options(tenant),
    queryFn: ({ signal }) => api.options(signal),
    staleTime: Infinity,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, RESOURCE_TAGS_LIST) });
    void queryClient.invalidateQueries({ queryKey: resourceTagKeys.allHolders(tenant) });
  };

  const confirmDelete = (group: CatalogueGroup, tag: CatalogueTag) => {
    if (tag.stationCount > 0) {
      modal.warning({
        title: t('tag.deleteTitle', { name: tag.tagName }),
        content: t('tag.deleteHeld', { count: tag.stationCount }),
      });
      return;
    }
    modal.confirm({
      title: t('tag.deleteTitle', { name: tag.tagName }),
      content: t('tag.deleteEffect'),
      okText: t('tag.delete'),
      cancelText: t('tag.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.deleteTag(group.tagGroupCode, tag.tagCode);
          void message.success(t('tag.deleted', { name: tag.tagName }));
          refresh();
        } catch (error) {
          void message.error(t('tag.deleteFailed', { reason: describe(error) }), 8);
        }
      },
    });
  };

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'select',
        name: 'tagCategoryCode',
        label: t('filter.tagCategoryCode'),
        options: (options.data?.categories ?? []).map((c) => ({
          value: c.code,
          label: label('tagCategory', c.code, c.name),
        })),
      },
      {
        type: 'select',
        name: 'tagProviderCode',
        label: t('filter.tagProviderCode'),
        options: TAG_PROVIDERS.map((value) => ({ value, label: label('tagProvider', value) })),
      },
      {
        type: 'select',
        name: 'bizCode',
        label: t('filter.bizCode'),
        options: TAG_BIZ_CODES.map((value) => ({ value, label: label('resourceType', value) })),
      },
      { type: 'input', name: 'keyword', label: t('filter.keyword'), placeholder: t('filter.keywordHint') },
    ],
    [t, label, options.data],
  );

  const columns = useMemo<SearchTableColumn<CatalogueGroup>[]>(
    () => [
      { key: 'tagGroupCode', title: t('field.tagGroupCode'), width: 210, fixed: 'left', sortable: true },
      { key: 'tagGroupName', title: t('field.tagGroupName'), width: 150 },
      {
        key: 'tagCategory',
        title: t('field.tagCategory'),
        width: 130,
        render: (g) => label('tagCategory', g.tagCategoryCode, g.tagCategoryName),
      },
      {
        key: 'tagProvider',
        title: t('field.tagProvider'),
        width: 100,
        render: (g) => label('tagProvider', g.tagProviderCode),
      },
      {
        key: 'bizCode',
        title: t('field.bizCode'),
        width: 110,
        render: (g) => label('resourceType', g.bizCode),
      },
      {
        key: 'tagType',
        title: t('field.tagType'),
        width: 120,
        render: (g) => label('tagInputType', g.tagType),
      },
      {
        key: 'range',
        title: t('field.range'),
        width: 110,
        render: (g) =>
          g.min === null && g.max === null
            ? '-'
            : `${g.min ?? ''}~${g.max ?? ''}${g.unit ? ` ${g.unit}` : ''}`,
      },
      {
        key: 'manualUpdateAllowed',
        title: t('field.manualUpdateAllowed'),
        width: 120,
        render: (g) => (g.manualUpdateAllowed ? t('value.yes') : t('value.no')),
      },
      {
        key: 'enable',
        title: t('field.enable'),
        width: 90,
        render: (g) => (
          <Badge
            status={g.enable ? 'success' : 'default'}
            text={g.enable ? t('value.enabled') : t('value.disabled')}
          />
        ),
      },
      {
        key: 'recommendation',
        title: t('field.recommendation'),
        width: 130,
        render: (g) => (g.recommendationTag ? orDash(g.recommendationText) : '-'),
      },
      {
        key: 'tagList',
        title: t('field.tagList'),
        width: 100,
        render: (g) => t('list.tagCount', { count: g.tagList.length }),
      },
      { key: 'tooltipText', title: t('field.tooltipText'), width: 220, ellipsis: true },
      {
        key: 'description',
        title: t('field.description'),
        width: 200,
        ellipsis: true,
        hiddenByDefault: true,
      },
      { key: 'remark', title: t('field.remark'), width: 160, ellipsis: true, hiddenByDefault: true },
      {
        key: 'createTime',
        title: t('field.createTime'),
        width: 170,
        sortable: true,
        hiddenByDefault: true,
        render: (g) => formatTime(g.createTime),
      },
      ...(canEdit
        ? [
            {
              key: 'actions',
              title: t('list.actions'),
              width: 230,
              fixed: 'right' as const,
              render: (g: CatalogueGroup) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing({ kind: 'group', group: g })}>
                    {t('group.edit')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing({ kind: 'tooltip', group: g })}>
                    {t('tooltip.edit')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing({ kind: 'tag', group: g, tag: null })}
                  >
                    {t('tag.add')}
                  </Button>
                </Space>
              ),
            },
          ]
        : []),
    ],
    [t, label, canEdit],
  );

  const tagColumns = (group: CatalogueGroup): TableColumnsType<CatalogueTag> => [
    { key: 'tagCode', dataIndex: 'tagCode', title: t('field.tagCode'), width: 200 },
    {
      key: 'tagName',
      title: t('field.tagName'),
      width: 160,
      render: (_, tag) => tag.tagName,
    },
    {
      key: 'tagPriority',
      dataIndex: 'tagPriority',
      title: t('field.tagPriority'),
      width: 90,
      align: 'right',
    },
    {
      key: 'description',
      title: t('field.description'),
      ellipsis: true,
      render: (_, tag) => orDash(tag.description),
    },
    {
      key: 'stationCount',
      title: t('field.stationCount'),
      width: 120,
      render: (_, tag) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          disabled={tag.stationCount === 0}
          onClick={() => setHoldersOf(tag)}
        >
          {t('tag.holders', { count: tag.stationCount })}
        </Button>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('list.actions'),
            width: 130,
            render: (_: unknown, tag: CatalogueTag) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ kind: 'tag', group, tag })}>
                  {t('tag.edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmDelete(group, tag)}>
                  {t('tag.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <SearchTable<CatalogueGroup>
        persistKey={RESOURCE_TAGS_LIST}
        tenant={tenant}
        rowKey="tagGroupCode"
        title={<Typography.Text strong>{t('list.title')}</Typography.Text>}
        columns={columns}
        filters={filters}
        empty={t('list.empty')}
        request={(params, { signal }) =>
          api.groups({ pageNo: params.pageNo, pageSize: params.pageSize, ...toFilterQuery(params) }, signal)
        }
        expandable={{
          render: (group) => (
            <Table<CatalogueTag>
              rowKey="tagCode"
              size="small"
              pagination={false}
              columns={tagColumns(group)}
              dataSource={group.tagList}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tag.noTags')} />,
              }}
            />
          ),
        }}
        actions={({ params, columns: shown }) => [
          ...(canEdit
            ? [
                <Button
                  key="create"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ kind: 'group', group: null })}
                >
                  {t('list.createGroup')}
                </Button>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}/tag-catalogue/export`}
            query={toFilterQuery(params)}
            columns={shown}
            fileName="resource-tags"
          />,
        ]}
      />
      <GroupDrawer
        open={editing?.kind === 'group'}
        group={editing?.kind === 'group' ? editing.group : null}
        categories={options.data?.categories ?? []}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      {editing?.kind === 'tooltip' && (
        <TooltipModal group={editing.group} onClose={() => setEditing(null)} onSaved={refresh} />
      )}
      {editing?.kind === 'tag' && (
        <TagModal
          group={editing.group}
          tag={editing.tag}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <HoldersDrawer tag={holdersOf} onClose={() => setHoldersOf(null)} />
    </>
  );
}
