import { useMemo } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  SHARE_TYPES,
  ShareTemplateListQuerySchema,
  type ShareTemplate,
} from '@cmp/domain/share-templates/share-templates';
import type { Query } from '../../api/client';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { shareTemplateEditorPath } from './share-template-links';
import { SHARE_TEMPLATE_LIST, SHARE_TEMPLATES, useShareTemplatesApi } from './share-templates-api';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The search form's values as the share template filter, only what is set. */
export function toShareTemplateFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort,
    shareType: (SHARE_TYPES as readonly unknown[]).includes(params.shareType)
      ? (params.shareType as string)
      : undefined,
    shareInfoId: text(params.shareInfoId),
    shareTitle: text(params.shareTitle),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/**
 * Share templates (spec M3.5.7): each share type's card, by type, share info id and title, with export; a
 * template opens in its editor, where operators also add one.
 */
export default function ShareTemplateListPage() {
  const { t } = useTranslation('shareTemplates');
  const tenant = useStationsTenant();
  const templates = useShareTemplatesApi();
  const canChange = useCanChange();
  const navigate = useNavigate();
  const label = useEnumLabel();

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'select',
        name: 'shareType',
        label: t('field.shareType'),
        options: SHARE_TYPES.map((type) => ({ value: type, label: label('shareType', type) })),
      },
      { type: 'input', name: 'shareInfoId', label: t('field.shareInfoId') },
      { type: 'input', name: 'shareTitle', label: t('field.shareTitle'), placeholder: t('list.partOf') },
    ],
    [t, label],
  );

  const columns = useMemo<SearchTableColumn<ShareTemplate>[]>(
    () => [
      {
        key: 'shareTempletId',
        title: t('field.shareTempletId'),
        width: 100,
        fixed: 'left',
        sortable: true,
        render: (s) => <Link to={shareTemplateEditorPath(tenant, s.shareTempletId)}>{s.shareTempletId}</Link>,
      },
      {
        key: 'shareType',
        title: t('field.shareType'),
        width: 120,
        render: (s) => label('shareType', s.shareType),
      },
      {
        key: 'shareInfoId',
        title: t('field.shareInfoId'),
        width: 160,
        ellipsis: true,
        render: (s) => s.shareInfoId,
      },
      {
        key: 'shareTitle',
        title: t('field.shareTitle'),
        width: 200,
        ellipsis: true,
        render: (s) => s.shareTitle,
      },
      {
        key: 'description',
        title: t('field.description'),
        width: 220,
        ellipsis: true,
        render: (s) => orDash(s.description),
      },
      {
        key: 'landingPage',
        title: t('field.landingPage'),
        width: 220,
        ellipsis: true,
        render: (s) => (
          <a href={s.landingPage} target="_blank" rel="noreferrer noopener">
            {s.landingPage}
          </a>
        ),
      },
      {
        key: 'pictures',
        title: t('field.sharePic'),
        width: 120,
        render: (s) =>
          s.sharePic.length === 0 ? (
            '-'
          ) : (
            <Image
              src={s.sharePic[0]!.url}
              width={40}
              height={40}
              style={{ objectFit: 'cover' }}
              alt={s.shareTitle}
              preview={{ mask: `${s.sharePic.length}` }}
            />
          ),
      },
      {
        key: 'updater',
        title: t('field.updater'),
        width: 120,
        render: (s) => orDash(s.updater ?? s.creator),
      },
      {
        key: 'updatedAt',
        title: t('field.updatedAt'),
        width: 170,
        sortable: true,
        render: (s) => formatTime(s.updatedAt),
      },
    ],
    [t, label, tenant],
  );

  return (
    <SearchTable<ShareTemplate>
      querySchema={ShareTemplateListQuerySchema}
      persistKey={SHARE_TEMPLATE_LIST}
      tenant={tenant}
      rowKey="shareTempletId"
      title={t('list.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) =>
        templates.list(
          { pageNo: params.pageNo, pageSize: params.pageSize, ...toShareTemplateFilter(params) },
          signal,
        )
      }
      actions={({ params, columns: shown }) => [
        ...(canChange
          ? [
              <Button
                key="create"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(shareTemplateEditorPath(tenant))}
              >
                {t('list.create')}
              </Button>,
            ]
          : []),
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${SHARE_TEMPLATES}/export`}
          query={toShareTemplateFilter(params)}
          columns={shown}
          fileName="share-templates"
        />,
      ]}
    />
  );
}
