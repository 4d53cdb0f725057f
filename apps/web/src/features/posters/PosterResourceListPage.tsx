import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PosterConfigTypeSchema,
  PosterResourceListQuerySchema,
  type PosterResource,
} from '@cmp/domain/posters/poster-contracts';
import type { Query } from '../../api/client';
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
import { posterEditorPath } from './poster-links';
import { POSTER_RESOURCE_LIST, POSTER_RESOURCES, usePostersApi } from './posters-api';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The search form's values as the poster resource filter, only what is set. */
export function toPosterResourceFilter(params: SearchTableParams): Query {
  const posterId = text(params.posterId);
  const filter: Query = {
    sort: params.sort,
    posterId: posterId && /^\d{1,15}$/.test(posterId) ? posterId : undefined,
    configType: (PosterConfigTypeSchema.options as readonly unknown[]).includes(params.configType)
      ? (params.configType as string)
      : undefined,
    resourceId: text(params.resourceId),
    resourceName: text(params.resourceName),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/**
 * The poster resource list (spec M3.5.5, page 1 of 20): every station bound to a poster of the tenant, by
 * poster, station type, station id and name, with export; a poster opens in its editor.
 */
export default function PosterResourceListPage() {
  const { t } = useTranslation('posters');
  const tenant = useStationsTenant();
  const posters = usePostersApi();
  const label = useEnumLabel();

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'posterId', label: t('field.posterId') },
      {
        type: 'select',
        name: 'configType',
        label: t('field.configType'),
        options: PosterConfigTypeSchema.options.map((type) => ({
          value: type,
          label: label('operationListResourceType', type),
        })),
      },
      { type: 'input', name: 'resourceId', label: t('field.resourceId') },
      { type: 'input', name: 'resourceName', label: t('field.resourceName') },
    ],
    [t, label],
  );

  const columns = useMemo<SearchTableColumn<PosterResource>[]>(
    () => [
      {
        key: 'posterId',
        title: t('field.posterId'),
        width: 90,
        fixed: 'left',
        render: (r) => <Link to={posterEditorPath(tenant, r.posterId)}>{r.posterId}</Link>,
      },
      {
        key: 'posterName',
        title: t('field.posterName'),
        width: 180,
        ellipsis: true,
        render: (r) => <Link to={posterEditorPath(tenant, r.posterId)}>{r.posterName}</Link>,
      },
      {
        key: 'resourceId',
        title: t('field.resourceId'),
        width: 160,
        sortable: true,
        render: (r) => r.resourceId,
      },
      {
        key: 'resourceName',
        title: t('field.resourceName'),
        width: 200,
        ellipsis: true,
        render: (r) => orDash(r.resourceName),
      },
      {
        key: 'resourceType',
        title: t('field.resourceType'),
        width: 110,
        render: (r) => label('operationListResourceType', r.resourceType),
      },
      {
        key: 'description',
        title: t('field.description'),
        width: 200,
        ellipsis: true,
        render: (r) => orDash(r.description),
      },
      {
        key: 'address',
        title: t('field.address'),
        width: 240,
        ellipsis: true,
        render: (r) => orDash(r.address),
      },
      {
        key: 'createTime',
        title: t('field.boundAt'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.createTime),
      },
    ],
    [t, label, tenant],
  );

  return (
    <SearchTable<PosterResource>
      querySchema={PosterResourceListQuerySchema}
      persistKey={POSTER_RESOURCE_LIST}
      tenant={tenant}
      rowKey={(r) => `${r.posterId}:${r.resourceId}`}
      title={t('resources.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) =>
        posters.resources(
          { pageNo: params.pageNo, pageSize: params.pageSize, ...toPosterResourceFilter(params) },
          signal,
        )
      }
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${POSTER_RESOURCES}/export`}
          query={toPosterResourceFilter(params)}
          columns={shown}
          fileName="poster-resources"
        />,
      ]}
    />
  );
}
