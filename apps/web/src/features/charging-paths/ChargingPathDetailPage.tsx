import { useMemo } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Flex, Result, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ChargingPathInfo, ChargingPathRoute } from '@cmp/domain/charging-paths/charging-path-contracts';
import type { RouteResourcePlacement } from '@cmp/domain/road-books/route-plan';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { usePortalConfig } from '../../components/Map/portal-config';
import { RouteMap } from '../road-books/shared/RouteMap';
import { formatTime, orDash } from '../../components/format';
import { accountDetailPath, chargingPathListPath, useChargingPathsTenant } from './charging-path-links';
import { useChargingPath, useChargingPathRoute } from './charging-paths-api';
import { kmOf, PathRating, PathStatusTag, PlanTagLabel, useDuration } from './path-parts';

const MAP_HEIGHT = 480;

const idOf = (raw: string | null): number | undefined => {
  const id = Number(raw);
  return raw !== null && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * One charging path (`?pathId=`, spec C3.10.8): who planned it with which car and charge, the trip, the route
 * drawn on the map with its charging stops numbered in driving order, and the user's rating.
 */
export default function ChargingPathDetailPage() {
  const { t } = useTranslation('chargingPaths');
  const tenant = useChargingPathsTenant();
  const [searchParams] = useSearchParams();
  const pathId = idOf(searchParams.get('pathId'));
  const info = useChargingPath(pathId);
  const route = useChargingPathRoute(pathId);

  const back = (
    <Link to={chargingPathListPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (pathId === undefined) return <Result status="warning" title={t('detail.missingId')} extra={back} />;
  if (info.isPending) return <PageLoading />;
  if (info.isError) {
    return info.error instanceof ApiError && info.error.status === 404 ? (
      <Result status="404" title={t('detail.notFound')} extra={back} />
    ) : (
      <ErrorResult error={info.error} onRetry={() => void info.refetch()} />
    );
  }
  const path = info.data;
  return (
    <Flex vertical gap={16}>
      {back}
      <PathInfoCard path={path} />
      <Card size="small" title={t('detail.routeCard')}>
        {route.isError ? (
          <ErrorResult error={route.error} onRetry={() => void route.refetch()} />
        ) : route.isPending ? (
          <div style={{ height: MAP_HEIGHT }} />
        ) : (
          <PathRoute route={route.data} />
        )}
      </Card>
      <CommentaryCard path={path} />
    </Flex>
  );
}

function PathInfoCard({ path }: { path: ChargingPathInfo }) {
  const { t } = useTranslation('chargingPaths');
  const tenant = useChargingPathsTenant();
  const duration = useDuration();
  const km = (metres: number) => t('unit.km', { value: kmOf(metres) });
  const { user, routes } = path;
  const hasRoute = routes !== null;
  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <span>{t('detail.title', { pathId: path.pathId })}</span>
          <PathStatusTag status={path.status} />
          <PlanTagLabel tag={path.tag} />
        </Flex>
      }
    >
      <Descriptions
        column={{ xs: 1, md: 2, xl: 3 }}
        bordered
        size="small"
        items={[
          { key: 'searchTime', label: t('field.searchTime'), children: formatTime(path.searchTime) },
          {
            key: 'user',
            label: t('field.user'),
            children: (
              <Flex gap={8} align="center" wrap>
                <Link to={accountDetailPath(tenant, user.accountId)}>
                  {user.name ?? user.nickname ?? user.accountId}
                </Link>
                {user.name && user.nickname && (
                  <Typography.Text type="secondary">{user.nickname}</Typography.Text>
                )}
                {user.deleted && <Tag>{t('detail.deletedUser')}</Tag>}
                {!user.known && <Typography.Text type="secondary">{t('detail.unknownUser')}</Typography.Text>}
              </Flex>
            ),
          },
          { key: 'mobile', label: t('field.mobile'), children: orDash(user.mobile) },
          { key: 'accountId', label: t('field.userAccountId'), children: user.accountId },
          { key: 'origin', label: t('field.origPoi'), children: path.locations.orig.name },
          { key: 'destination', label: t('field.destPoi'), children: path.locations.dest.name },
          ...(path.locations.waypoints.length > 0
            ? [
                {
                  key: 'waypoints',
                  label: t('field.waypoints'),
                  children: path.locations.waypoints.map((w, i) => w.name ?? `${i + 1}`).join(' → '),
                },
              ]
            : []),
          { key: 'vehicleModel', label: t('field.vehicleModel'), children: orDash(path.vehicleModel) },
          { key: 'vehicleId', label: t('field.vehicleId'), children: orDash(path.vehicleId) },
          {
            key: 'ratedRange',
            label: t('field.ratedRange'),
            children: t('unit.km', { value: path.ratedRange }),
          },
          {
            key: 'currentRange',
            label: t('field.currentRange'),
            children: t('unit.km', { value: path.currentRange }),
          },
          { key: 'distance', label: t('field.distance'), children: hasRoute ? km(path.distance) : '-' },
          { key: 'duration', label: t('field.duration'), children: hasRoute ? duration(path.duration) : '-' },
          {
            key: 'chargingDuration',
            label: t('field.chargingDuration'),
            children: routes ? duration(routes.chargingDuration) : '-',
          },
          ...(routes && routes.notArrivalCount > 0
            ? [
                {
                  key: 'shortfall',
                  label: t('field.shortfall'),
                  children: (
                    <Typography.Text type="warning">
                      {t('unit.shortfall', {
                        count: routes.notArrivalCount,
                        km: routes.notArrivalDistance.toFixed(1),
                      })}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
          {
            key: 'rating',
            label: t('field.commentaryRating'),
            children: <PathRating rating={path.commentary?.rating ?? null} />,
          },
          { key: 'tenantName', label: t('field.tenantName'), children: path.tenantName },
        ]}
      />
    </Card>
  );
}

/** The route on the map with its stops, and the stops as a table below it. */
function PathRoute({ route }: { route: ChargingPathRoute }) {
  const { t } = useTranslation('chargingPaths');
  const duration = useDuration();
  const tiles = usePortalConfig();
  const { locations, routes } = route;
  const stops = routes?.resources ?? [];
  const columns = useMemo<TableColumnsType<RouteResourcePlacement>>(
    () => [
      { key: 'no', title: t('stop.no'), width: 64, render: (_value, _stop, index) => index + 1 },
      { key: 'name', title: t('stop.name'), render: (_value, stop) => stop.showName || stop.name },
      {
        key: 'type',
        title: t('stop.type'),
        width: 110,
        render: (_value, stop) => t(`resourceType.${stop.type}`),
      },
      {
        key: 'progress',
        title: t('stop.progress'),
        width: 110,
        align: 'right',
        render: (_value, stop) => t('unit.km', { value: kmOf(stop.progress) }),
      },
      {
        key: 'arrivalRange',
        title: t('stop.arrivalRange'),
        width: 110,
        align: 'right',
        render: (_value, stop) =>
          stop.arrivalRange === null ? '-' : t('unit.km', { value: stop.arrivalRange.toFixed(0) }),
      },
      {
        key: 'departureRange',
        title: t('stop.departureRange'),
        width: 110,
        align: 'right',
        render: (_value, stop) =>
          stop.departureRange === null ? '-' : t('unit.km', { value: stop.departureRange.toFixed(0) }),
      },
      {
        key: 'chargeDuration',
        title: t('stop.chargeDuration'),
        width: 110,
        align: 'right',
        render: (_value, stop) => duration(stop.estimateChargeDuration),
      },
    ],
    [t, duration],
  );
  return (
    <Flex vertical gap={12}>
      {!routes && <Alert type="error" showIcon title={t('detail.noRoute')} />}
      {routes?.route.estimated && <Alert type="info" showIcon title={t('detail.estimated')} />}
      <RouteMap
        origin={locations.orig}
        destination={locations.dest}
        waypoints={locations.waypoints}
        route={routes?.route}
        stops={stops}
        fitKey={`path-${route.pathId}`}
        height={MAP_HEIGHT}
      />
      {tiles.isSuccess && tiles.data.tileUrl === null && (
        <Typography.Text type="secondary">{t('detail.noTiles')}</Typography.Text>
      )}
      {routes && (
        <Table<RouteResourcePlacement>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={stops}
          pagination={false}
          locale={{ emptyText: t('detail.noStops') }}
        />
      )}
    </Flex>
  );
}

function CommentaryCard({ path }: { path: ChargingPathInfo }) {
  const { t } = useTranslation('chargingPaths');
  const { commentary } = path;
  return (
    <Card size="small" title={t('detail.commentaryCard')}>
      {commentary ? (
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'rating',
              label: t('field.commentaryRating'),
              children: <PathRating rating={commentary.rating} />,
            },
            { key: 'text', label: t('field.commentaryText'), children: orDash(commentary.text) },
            { key: 'time', label: t('field.commentaryTime'), children: formatTime(commentary.time) },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('detail.noCommentary')}</Typography.Text>
      )}
    </Card>
  );
}
