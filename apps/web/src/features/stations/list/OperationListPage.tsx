import { useMemo } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OPERATION_LIST_SEARCH_NAMES } from '@cmp/domain/stations/operation-list-filter';
import {
  CHARGER_PRESENCES,
  OPERATION_LIST_RESOURCE_TYPES,
  type OperationListItem,
  type OperationListPage as OperationListPageData,
  OperationListQuerySchema,
} from '@cmp/domain/stations/operation-list-item';
import { useTenantApi } from '../../../api/use-tenant-api';
import { ExportButton } from '../../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter, type SearchTableColumn } from '../../../components';
import { OPERATION_LIST } from '../../worksheets/worksheets-api';
import { formatTime, orDash } from '../../../components/format';
import { stationDetailPath, worksheetListPath } from '../../../app/screen-links';
import { useLookupOptions, useStationsTenant } from '../../../components/lookups';
import { toExportRequest, toOperationListRequest, UPDATE_TIME_RANGE_NAMES } from './operation-list-query';
import styles from './OperationListPage.module.css';
import { useEnumLabel } from '../../../components/i18n/use-enum-label';

/** The resource operation list: charge and swap stations with their counters, filters and export. */
export default function OperationListPage() {
  const { t } = useTranslation('stations');
  const tenant = useStationsTenant();
  const api = useTenantApi();
  const lookups = useLookupOptions();
  const label = useEnumLabel();

  const yesNo = useMemo(
    () => [
      { value: 'true', label: t('yesNo.yes') },
      { value: 'false', label: t('yesNo.no') },
    ],
    [t],
  );

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'inputSelect',
        name: 'searchText',
        selectName: 'searchName',
        label: t('filter.search'),
        options: OPERATION_LIST_SEARCH_NAMES.map((name) => ({ value: name, label: t(`field.${name}`) })),
      },
      {
        type: 'select',
        name: 'resourceType',
        label: t('field.resourceType'),
        options: OPERATION_LIST_RESOURCE_TYPES.map((type) => ({
          value: type,
          label: t(`resourceType.${type}`),
        })),
      },
      { type: 'select', name: 'operatorId', label: t('field.operatorName'), options: lookups.operators },
      {
        type: 'select',
        name: 'equipmentOwnerId',
        label: t('field.equipmentOwner'),
        options: lookups.equipmentOwners,
      },
      { type: 'cascade', name: 'resourceRegions', label: t('filter.region'), options: lookups.regions },
      { type: 'select', name: 'active', label: t('field.active'), options: yesNo },
      { type: 'select', name: 'hasComments', label: t('filter.hasComments'), options: yesNo },
      { type: 'select', name: 'isWorksheetOpen', label: t('filter.isWorksheetOpen'), options: yesNo },
      {
        type: 'select',
        name: 'focusedCommentaryNumber',
        label: t('filter.focusedCommentaryNumber'),
        options: yesNo,
      },
      { type: 'select', name: 'bizScenes', label: t('field.bizScenes'), options: lookups.bizScenes },
      { type: 'select', name: 'tagCode', label: t('filter.tagCode'), options: lookups.tags },
      {
        type: 'select',
        name: 'chargerPresence',
        label: t('filter.chargerPresence'),
        options: CHARGER_PRESENCES.map((presence) => ({
          value: presence,
          label: label('chargerPresence', presence),
        })),
      },
      {
        type: 'datetimeRange',
        name: 'basicInfoUpdateTimeRange',
        names: UPDATE_TIME_RANGE_NAMES,
        label: t('filter.basicInfoUpdateTimeRange'),
      },
    ],
    [t, label, lookups, yesNo],
  );

  const columns = useMemo<SearchTableColumn<OperationListItem>[]>(() => {
    const detail = (item: OperationListItem) => stationDetailPath(tenant, item.resourceType, item.resourceId);
    const count = (value: number, muted = value === 0) => (
      <span className={muted ? styles.zero : styles.count}>{value}</span>
    );
    // One line per row: long values are cut with a tooltip, the name stays at the left and the actions at
    // the right while the middle scrolls. Widths fit the English titles (with the sort arrows), the longer.
    return [
      {
        key: 'resourceName',
        title: t('field.resourceName'),
        sortable: true,
        width: 240,
        fixed: 'left',
        render: (item) => (
          <div className={styles.nameCell}>
            <Typography.Text ellipsis={{ tooltip: item.resourceName }} className={styles.name}>
              <Link to={detail(item)}>{item.resourceName}</Link>
            </Typography.Text>
            <Typography.Text
              type="secondary"
              copyable={{ text: item.resourceId, tooltips: [item.resourceId, t('list.idCopied')] }}
            />
          </div>
        ),
      },
      {
        key: 'resourceId',
        title: t('field.resourceId'),
        sortable: true,
        hiddenByDefault: true,
        width: 200,
        ellipsis: true,
        render: (item) => <span className={styles.id}>{item.resourceId}</span>,
      },
      {
        key: 'resourceType',
        title: t('field.resourceType'),
        width: 120,
        render: (item) => (
          <Tag color={item.resourceType === 'PowerSwap' ? 'purple' : 'blue'}>
            {t(`resourceType.${item.resourceType}`)}
          </Tag>
        ),
      },
      {
        key: 'operatorName',
        title: t('field.operatorName'),
        width: 110,
        ellipsis: true,
        render: (i) => orDash(i.operatorName),
      },
      {
        key: 'equipmentOwner',
        title: t('field.equipmentOwner'),
        hiddenByDefault: true,
        width: 150,
        ellipsis: true,
        render: (i) => orDash(i.equipmentOwner),
      },
      {
        key: 'region',
        title: t('field.region'),
        width: 160,
        ellipsis: true,
        render: (i) => orDash(i.region),
      },
      {
        key: 'address',
        title: t('field.address'),
        hiddenByDefault: true,
        width: 220,
        ellipsis: true,
        render: (i) => orDash(i.address),
      },
      {
        key: 'active',
        title: t('field.active'),
        width: 76,
        render: (i) => (
          <Tag color={i.active ? 'success' : 'default'}>{t(i.active ? 'yesNo.yes' : 'yesNo.no')}</Tag>
        ),
      },
      {
        key: 'commentaryNumber',
        title: t('field.commentaryNumber'),
        sortable: true,
        align: 'right',
        width: 110,
        render: (i) => count(i.commentaryNumber),
      },
      {
        key: 'focusedCommentaryNumber',
        title: t('field.focusedCommentaryNumber'),
        sortable: true,
        align: 'right',
        width: 170,
        hiddenByDefault: true,
        render: (i) => count(i.focusedCommentaryNumber),
      },
      {
        key: 'worksheetNumber',
        title: t('field.worksheetNumber'),
        sortable: true,
        align: 'right',
        width: 116,
        render: (i) =>
          i.worksheetNumber === 0 ? (
            count(0)
          ) : (
            <Link to={worksheetListPath(tenant, `?resourceId=${encodeURIComponent(i.resourceId)}`)}>
              {i.worksheetNumber}
            </Link>
          ),
      },
      {
        key: 'openWorksheetNumber',
        title: t('field.openWorksheetNumber'),
        sortable: true,
        align: 'right',
        width: 170,
        render: (i) =>
          i.openWorksheetNumber === 0 ? (
            count(0)
          ) : (
            <Link
              to={worksheetListPath(tenant, `?resourceId=${encodeURIComponent(i.resourceId)}&status=open`)}
            >
              <Tag color="processing" className={styles.countTag}>
                {i.openWorksheetNumber}
              </Tag>
            </Link>
          ),
      },
      {
        key: 'basicInfoUpdateTime',
        title: t('field.basicInfoUpdateTime'),
        sortable: true,
        width: 180,
        render: (i) => <span className={styles.time}>{formatTime(i.basicInfoUpdateTime)}</span>,
      },
      {
        key: 'bizScenes',
        title: t('field.bizScenes'),
        width: 150,
        render: (i) => (
          <SceneTags scenes={i.bizScenes.map((scene) => label('bizScene', String(scene.code), scene.desc))} />
        ),
      },
      {
        key: 'remark',
        title: t('field.remark'),
        hiddenByDefault: true,
        width: 200,
        ellipsis: true,
        render: (i) => i.remark ?? '-',
      },
      {
        key: 'recommendationCode',
        title: t('field.recommendationCode'),
        hiddenByDefault: true,
        width: 170,
        ellipsis: true,
        render: (i) => orDash(i.recommendationCode),
      },
      {
        key: 'description',
        title: t('field.description'),
        hiddenByDefault: true,
        width: 200,
        ellipsis: true,
        render: (i) => orDash(i.description),
      },
      {
        key: 'actions',
        title: t('list.actions'),
        width: 80,
        fixed: 'right',
        render: (item) => <Link to={detail(item)}>{t('list.view')}</Link>,
      },
    ];
  }, [t, tenant, label]);

  return (
    <SearchTable<OperationListItem>
      querySchema={OperationListQuerySchema}
      persistKey={OPERATION_LIST}
      tenant={tenant}
      rowKey="resourceId"
      title={t('list.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) =>
        api.get<OperationListPageData>('/stations', {
          query: toOperationListRequest(params, dayjs().format('Z')),
          signal,
        })
      }
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}/stations/export`}
          query={toExportRequest(params, dayjs().format('Z'))}
          columns={shown}
          fileName="stations"
        />,
      ]}
    />
  );
}

/** The first scene as a tag and "+N" for the rest, all of them in a tooltip: the row stays one line high. */
function SceneTags({ scenes }: { scenes: string[] }) {
  const [first, ...rest] = scenes;
  if (first === undefined) return '-';
  return (
    <Tooltip title={rest.length > 0 ? scenes.join('、') : undefined}>
      <span className={styles.scenes}>
        <Tag className={styles.sceneTag}>{first}</Tag>
        {rest.length > 0 && <Tag className={styles.sceneTag}>+{rest.length}</Tag>}
      </span>
    </Tooltip>
  );
}
