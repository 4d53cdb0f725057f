import { useMemo } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Image, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CLIENT_CODES } from '@cmp/domain/shared/clients';
import {
  POSTER_LINK_TYPES,
  POSTER_TRIGGER_RULES,
  PosterListQuerySchema,
  type Poster,
} from '@cmp/domain/posters/poster-contracts';
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
import { posterEditorPath } from './poster-links';
import { POSTER_LIST, POSTERS, usePostersApi } from './posters-api';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const oneOf = (value: unknown, values: readonly unknown[]): string | undefined =>
  values.map(String).includes(String(value)) ? String(value) : undefined;

/** The search form's values as the poster filter, only what is set. */
export function toPosterFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort,
    posterName: text(params.posterName),
    ruleId: oneOf(
      params.ruleId,
      POSTER_TRIGGER_RULES.map((rule) => rule.id),
    ),
    clientCode: oneOf(params.clientCode, CLIENT_CODES),
    visible: oneOf(params.visible, ['true', 'false']),
    effective: oneOf(params.effective, ['true', 'false']),
    linkType: oneOf(params.linkType, POSTER_LINK_TYPES),
    resourceId: text(params.resourceId),
    showTimeBegin: typeof params.showTimeBegin === 'number' ? params.showTimeBegin : undefined,
    showTimeEnd: typeof params.showTimeEnd === 'number' ? params.showTimeEnd : undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/**
 * The tenant's posters (spec §3 "Poster", §7 poster list): by name, trigger, client, visibility, link type,
 * window and bound station, with export; a poster opens in its editor, where operators also add one.
 */
export default function PosterListPage() {
  const { t } = useTranslation('posters');
  const tenant = useStationsTenant();
  const posters = usePostersApi();
  const canChange = useCanChange();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const yesNo = useMemo(
    () => [
      { value: 'true', label: t('yes') },
      { value: 'false', label: t('no') },
    ],
    [t],
  );

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'posterName', label: t('field.posterName') },
      {
        type: 'select',
        name: 'ruleId',
        label: t('field.ruleId'),
        options: POSTER_TRIGGER_RULES.map((rule) => ({
          value: String(rule.id),
          label: label('posterTrigger', rule.id),
        })),
      },
      {
        type: 'select',
        name: 'clientCode',
        label: t('field.clientCode'),
        options: CLIENT_CODES.map((code) => ({ value: code, label: label('client', code) })),
      },
      { type: 'select', name: 'visible', label: t('field.visible'), options: yesNo },
      { type: 'select', name: 'effective', label: t('field.effective'), options: yesNo },
      {
        type: 'select',
        name: 'linkType',
        label: t('field.linkType'),
        options: POSTER_LINK_TYPES.map((type) => ({
          value: String(type),
          label: label('posterLinkType', type),
        })),
      },
      {
        type: 'datetimeRange',
        name: 'showTime',
        label: t('field.showTime'),
        names: ['showTimeBegin', 'showTimeEnd'],
      },
      { type: 'input', name: 'resourceId', label: t('field.resourceId') },
    ],
    [t, label, yesNo],
  );

  const columns = useMemo<SearchTableColumn<Poster>[]>(
    () => [
      {
        key: 'posterId',
        title: t('field.posterId'),
        width: 90,
        fixed: 'left',
        render: (p) => <Link to={posterEditorPath(tenant, p.posterId)}>{p.posterId}</Link>,
      },
      {
        key: 'posterName',
        title: t('field.posterName'),
        width: 200,
        ellipsis: true,
        render: (p) => <Link to={posterEditorPath(tenant, p.posterId)}>{p.posterName}</Link>,
      },
      {
        key: 'image',
        title: t('field.image'),
        width: 90,
        render: (p) => (
          <Image src={p.image} width={40} height={40} style={{ objectFit: 'cover' }} alt={p.posterName} />
        ),
      },
      {
        key: 'ruleId',
        title: t('field.ruleId'),
        width: 120,
        render: (p) => label('posterTrigger', p.ruleId),
      },
      {
        key: 'clientCode',
        title: t('field.clientCode'),
        width: 130,
        render: (p) => label('client', p.clientCode),
      },
      {
        key: 'visible',
        title: t('field.visible'),
        width: 110,
        render: (p) =>
          p.effective ? (
            <Tag color="green">{t('field.effective')}</Tag>
          ) : (
            <Tag color={p.visible ? 'blue' : 'default'}>{p.visible ? t('yes') : t('no')}</Tag>
          ),
      },
      { key: 'priority', title: t('field.priority'), width: 90, sortable: true, render: (p) => p.priority },
      {
        key: 'showTimeBegin',
        title: t('field.showTimeBegin'),
        width: 170,
        sortable: true,
        render: (p) => formatTime(p.showTimeBegin),
      },
      {
        key: 'showTimeEnd',
        title: t('field.showTimeEnd'),
        width: 170,
        sortable: true,
        render: (p) => formatTime(p.showTimeEnd),
      },
      {
        key: 'linkType',
        title: t('field.linkType'),
        width: 120,
        render: (p) => label('posterLinkType', p.linkType),
      },
      {
        key: 'resourceScope',
        title: t('field.resourceScope'),
        width: 160,
        render: (p) =>
          p.configType === null
            ? t('anyStation')
            : `${label('operationListResourceType', p.configType)} · ${label('posterResourceScope', p.resourceScope)}`,
      },
      { key: 'resourceCount', title: t('field.resourceCount'), width: 110, render: (p) => p.resourceCount },
      {
        key: 'activityName',
        title: t('field.activityId'),
        width: 160,
        ellipsis: true,
        render: (p) => orDash(p.activityName),
      },
      { key: 'creator', title: t('field.creator'), width: 120, render: (p) => p.creator },
      {
        key: 'updateTime',
        title: t('field.updateTime'),
        width: 170,
        sortable: true,
        render: (p) => formatTime(p.updateTime),
      },
      {
        key: 'linkUrl',
        title: t('field.linkUrl'),
        width: 200,
        ellipsis: true,
        hiddenByDefault: true,
        render: (p) => orDash(p.linkUrl),
      },
    ],
    [t, label, tenant],
  );

  return (
    <SearchTable<Poster>
      querySchema={PosterListQuerySchema}
      persistKey={POSTER_LIST}
      tenant={tenant}
      rowKey="posterId"
      title={t('list.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) =>
        posters.list({ pageNo: params.pageNo, pageSize: params.pageSize, ...toPosterFilter(params) }, signal)
      }
      actions={({ params, columns: shown }) => [
        ...(canChange
          ? [
              <Button
                key="create"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(posterEditorPath(tenant))}
              >
                {t('list.create')}
              </Button>,
            ]
          : []),
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${POSTERS}/export`}
          query={toPosterFilter(params)}
          columns={shown}
          fileName="posters"
        />,
      ]}
    />
  );
}
