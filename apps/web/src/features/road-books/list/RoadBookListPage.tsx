import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMessage } from '@cmp/domain/messages/format';
import {
  PLANNING_RESOURCE_TYPE_LABELS,
  PLANNING_RESOURCE_TYPES,
} from '@cmp/domain/road-books/planning-resource-types';
import { type RoadBookListItem, RoadBookListQuerySchema } from '@cmp/domain/road-books/road-book';
import { ROUTE_TACTIC_LABELS } from '@cmp/domain/road-books/route-tactics';
import { useDescribeError } from '../../../api/describe-error';
import { useCanChange } from '../../../app/session/use-can-change';
import { ExportButton } from '../../../app/tasks/ExportButton';
import { useTenantApi } from '../../../api/use-tenant-api';
import {
  SearchTable,
  searchTableQueryKey,
  type SearchFilter,
  type SearchTableColumn,
} from '../../../components';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { formatTime, orDash } from '../../../components/format';
import { toCascadeOptions, useRegions } from '../../../components/lookups';
import { deleteRoadBookRoute, listRoadBooks } from '../road-books-api';
import { ROAD_BOOK_LIST_KEY, roadBookEditorPath, useRoadBooksTenant } from '../shared/links';
import { km } from '../shared/route-format';
import {
  CREATE_TIME_RANGE_NAMES,
  toRoadBookExportRequest,
  toRoadBookListRequest,
} from './road-book-list-query';
import styles from './RoadBookListPage.module.css';
import { ShareModal } from './ShareModal';

/**
 * The road books of the tenant: filters by energy type, create time, regions, the stations they stop at
 * and their waypoints' names; edit, share, delete route.
 */
export default function RoadBookListPage() {
  const { t } = useTranslation('roadBooks');
  const locale = useDomainLocale();
  const { message } = App.useApp();
  const api = useTenantApi();
  const tenant = useRoadBooksTenant();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const regions = useRegions();
  // Viewers read road books; the server refuses their changes, so the screen does not offer them.
  const canChange = useCanChange();
  const [sharing, setSharing] = useState<RoadBookListItem | null>(null);

  const { mutateAsync: deleteRoute } = useMutation({
    mutationFn: (roadBookId: number) => deleteRoadBookRoute(api, roadBookId),
    onSuccess: () => {
      void message.success(t('list.routeDeleted'));
      void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, ROAD_BOOK_LIST_KEY) });
    },
    onError: (error) => void message.error(describe(error)),
  });

  const typeLabel = useMemo(
    () => (type: (typeof PLANNING_RESOURCE_TYPES)[number]) =>
      formatMessage(locale, { key: PLANNING_RESOURCE_TYPE_LABELS[type] }),
    [locale],
  );

  const filters = useMemo<SearchFilter[]>(() => {
    const regionOptions = toCascadeOptions(regions.data ?? []);
    return [
      {
        type: 'select',
        name: 'planningResourceTypes',
        label: t('filter.planningResourceTypes'),
        multiple: true,
        options: PLANNING_RESOURCE_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
      },
      {
        type: 'datetimeRange',
        name: 'createTimeRange',
        names: CREATE_TIME_RANGE_NAMES,
        label: t('filter.createTimeRange'),
      },
      { type: 'cascade', name: 'startRegionArr', label: t('filter.startRegion'), options: regionOptions },
      { type: 'cascade', name: 'endRegionArr', label: t('filter.endRegion'), options: regionOptions },
      {
        type: 'input',
        name: 'waypointResourceSeq',
        label: t('filter.waypointResourceSeq'),
        placeholder: t('filter.waypointResourceSeqPlaceholder'),
      },
      {
        type: 'input',
        name: 'waypoints',
        label: t('filter.waypoints'),
        placeholder: t('filter.waypointsPlaceholder'),
      },
    ];
  }, [t, typeLabel, regions.data]);

  const columns = useMemo<SearchTableColumn<RoadBookListItem>[]>(() => {
    const nameOf = (item: RoadBookListItem) => item.name ?? t('list.untitled', { id: item.roadBookId });
    return [
      {
        key: 'roadBookId',
        title: t('field.name'),
        sortable: true,
        width: 200,
        render: (item) => (
          <Flex vertical>
            <Link to={roadBookEditorPath(tenant, item.roadBookId)}>{nameOf(item)}</Link>
            <Typography.Text type="secondary" className={styles.small}>
              #{item.roadBookId}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        key: 'trip',
        title: t('field.trip'),
        width: 320,
        render: (item) => (
          <Flex vertical gap={2}>
            <span>
              {orDash(item.startAddress)} <span className={styles.arrow}>→</span> {orDash(item.endAddress)}
            </span>
            <Typography.Text type="secondary" className={styles.small}>
              {orDash(item.startRegion)} → {orDash(item.endRegion)}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        key: 'roadLength',
        title: t('field.roadLength'),
        sortable: true,
        width: 124,
        align: 'right',
        render: (item) =>
          item.state === 0 ? (
            <Tag>{t('state.routeDeleted')}</Tag>
          ) : (
            t('unit.km', { value: km(item.roadLength) })
          ),
      },
      {
        key: 'resourceTypes',
        title: t('field.resourceTypes'),
        width: 170,
        render: (item) => (
          <Space size={[4, 4]} wrap>
            {item.planningResourceTypes.map((type) => (
              <Tag key={type} color={type === 'PS' ? 'purple' : 'blue'}>
                {typeLabel(type)}
              </Tag>
            ))}
          </Space>
        ),
      },
      {
        key: 'resourcePointNumber',
        title: t('field.resourcePointNumber'),
        width: 80,
        align: 'right',
        render: (item) => item.resourcePointNumber,
      },
      {
        key: 'tactics',
        title: t('field.tactics'),
        width: 100,
        hiddenByDefault: true,
        render: (item) => formatMessage(locale, { key: ROUTE_TACTIC_LABELS[item.tactics] }),
      },
      { key: 'creator', title: t('field.creator'), width: 130, render: (item) => item.creator },
      {
        key: 'createTime',
        title: t('field.createTime'),
        sortable: true,
        width: 170,
        render: (item) => <span className={styles.nowrap}>{formatTime(item.createTime)}</span>,
      },
      {
        key: 'onlineState',
        title: t('field.shareState'),
        width: 96,
        render: (item) =>
          item.onlineState === 1 ? (
            <Tag color="success">{t('shareState.online')}</Tag>
          ) : (
            <Tag>{t('shareState.offline')}</Tag>
          ),
      },
      {
        key: 'actions',
        title: t('list.actions'),
        fixed: 'right',
        width: 190,
        render: (item) => (
          <Space size={0} className={styles.actions}>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(roadBookEditorPath(tenant, item.roadBookId))}
            >
              {canChange ? t('list.edit') : t('list.view')}
            </Button>
            {canChange && (
              <>
                <Button type="link" size="small" onClick={() => setSharing(item)}>
                  {t('list.share')}
                </Button>
                <Popconfirm
                  title={t('list.deleteRouteConfirm', { name: nameOf(item) })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => deleteRoute(item.roadBookId)}
                  disabled={item.state === 0}
                >
                  <Button type="link" size="small" danger disabled={item.state === 0}>
                    {t('list.deleteRoute')}
                  </Button>
                </Popconfirm>
              </>
            )}
          </Space>
        ),
      },
    ];
  }, [t, tenant, typeLabel, locale, navigate, deleteRoute, canChange]);

  return (
    <>
      <SearchTable<RoadBookListItem>
        querySchema={RoadBookListQuerySchema}
        persistKey={ROAD_BOOK_LIST_KEY}
        tenant={tenant}
        rowKey="roadBookId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) =>
          listRoadBooks(api, toRoadBookListRequest(params, dayjs().format('Z')), signal)
        }
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}/road-books/export`}
            query={toRoadBookExportRequest(params, dayjs().format('Z'))}
            columns={shown}
            fileName="road-books"
          />,
          ...(canChange
            ? [
                <Button
                  key="create"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => void navigate(roadBookEditorPath(tenant))}
                >
                  {t('list.create')}
                </Button>,
              ]
            : []),
        ]}
      />
      <ShareModal roadBook={sharing} onClose={() => setSharing(null)} />
    </>
  );
}
