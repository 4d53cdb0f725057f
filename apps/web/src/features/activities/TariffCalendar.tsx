import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, DatePicker, Empty, Flex, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { ActivityStationPage } from '@cmp/domain/activities/activity-stations';
import type { TariffCalendar as Calendar } from '@cmp/domain/activities/tariff-calendar';
import { availableUserRoles, type UserRole } from '@cmp/domain/activities/user-roles';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { activityKeys, useActivitiesApi } from './activities-api';
import { useActivityStationsApi } from './activity-stations-api';
import { clockOf, hourOf, tariffRows, type TariffRow } from './tariff-calendar-rows';

const TariffChart = lazy(() => import('./TariffChart'));

/**
 * A day of a station's price per kWh against each charging discount live there (the quote's pricing, each
 * discount alone), for a user role the tenant has, with the discounts that meet in time named. On a
 * discount's page the station is one of its own and the discount is drawn even before it starts.
 */
export function TariffCalendar({ resourceId, activity }: { resourceId?: string; activity?: Activity }) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const activities = useActivitiesApi();
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [userRole, setUserRole] = useState<UserRole>('default');
  const [station, setStation] = useState<string | undefined>(resourceId);
  const roles = availableUserRoles(tenant);
  const day = date.format('YYYY-MM-DD');
  const chosen = resourceId ?? station;
  const calendar = useQuery({
    queryKey: activityKeys.tariffCalendar(tenant, chosen ?? '', day, userRole, activity?.activityId),
    queryFn: ({ signal }) =>
      activities.tariffCalendar(
        { resourceId: chosen!, date: day, userRole, activityId: activity?.activityId },
        signal,
      ),
    enabled: chosen !== undefined,
    placeholderData: keepPreviousData,
  });

  return (
    <Flex vertical gap={12}>
      <Space wrap>
        {activity && (
          <ActivityStationSelect activityId={activity.activityId} value={station} onChange={setStation} />
        )}
        <DatePicker
          aria-label={t('calendar.date')}
          allowClear={false}
          value={date}
          onChange={(picked) => picked && setDate(picked)}
        />
        {roles.length > 1 && (
          <Select
            aria-label={t('calendar.userRole')}
            style={{ minWidth: 160 }}
            value={userRole}
            onChange={setUserRole}
            options={roles.map((role) => ({ value: role, label: label('userRole', role) }))}
          />
        )}
      </Space>
      {chosen === undefined ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('calendar.chooseStation')} />
      ) : calendar.isError ? (
        <ErrorResult error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : calendar.data ? (
        <CalendarView calendar={calendar.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Flex>
  );
}

function CalendarView({ calendar }: { calendar: Calendar }) {
  const { t } = useTranslation('activities');
  const label = useEnumLabel();
  const rows = useMemo(() => tariffRows(calendar), [calendar]);
  const lines = calendar.discounts.filter((discount) => discount.reaches);
  const unreached = calendar.discounts.filter((discount) => !discount.reaches);
  const nameOf = (activityId: number) =>
    calendar.discounts.find((discount) => discount.activityId === activityId)?.activityName ??
    String(activityId);
  const lineName = (line: Calendar['discounts'][number]) =>
    line.live ? line.activityName : t('calendar.preview', { name: line.activityName });
  const clock = (time: number) => clockOf(hourOf(calendar, time));
  if (calendar.base.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('calendar.noFee')} />;
  }
  const price = (value: number | null, discounted = false) =>
    value === null ? (
      '-'
    ) : discounted ? (
      <Typography.Text strong type="success">
        {value}
      </Typography.Text>
    ) : (
      value
    );

  return (
    <Flex vertical gap={12}>
      {calendar.overlaps.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('calendar.overlapTitle', { count: calendar.overlaps.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {calendar.overlaps.map((overlap) => (
                <li key={overlap.activityIds.join('-')}>
                  {t('calendar.overlapLine', {
                    first: nameOf(overlap.activityIds[0]),
                    second: nameOf(overlap.activityIds[1]),
                    start: clock(overlap.start),
                    end: clock(overlap.end),
                    roles: overlap.userRoles
                      .map((role) => label('userRole', role))
                      .join(t('calendar.separator')),
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {calendar.discounts.length === 0 && <Alert type="info" showIcon title={t('calendar.noDiscount')} />}
      {unreached.length > 0 && (
        <Typography.Text type="secondary">
          {t('calendar.notForRole', {
            names: unreached.map((line) => line.activityName).join(t('calendar.separator')),
          })}
        </Typography.Text>
      )}
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <TariffChart
          rows={rows}
          hours={[...rows.map((row) => hourOf(calendar, row.start)), hourOf(calendar, calendar.dayEnd)]}
          lines={lines.map((line) => ({ name: lineName(line), preview: !line.live }))}
        />
      </Suspense>
      <Table<TariffRow>
        size="small"
        pagination={false}
        rowKey="start"
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'time',
            title: t('calendar.time'),
            render: (_, row) => `${clock(row.start)} ~ ${clock(row.end)}`,
          },
          { key: 'base', title: t('calendar.base'), render: (_, row) => price(row.base) },
          ...lines.map((line, index) => ({
            key: `d${index}`,
            title: (
              <Space size={4}>
                {line.activityName}
                {!line.live && <Tag>{t('calendar.notStarted')}</Tag>}
              </Space>
            ),
            render: (_: unknown, row: TariffRow) =>
              price(row.discounts[index]?.total ?? null, row.discounts[index]?.discounted),
          })),
        ]}
      />
      <Typography.Text type="secondary">{t('calendar.unitNote')}</Typography.Text>
    </Flex>
  );
}

/** One of the activity's stations, searched by name. */
function ActivityStationSelect({
  activityId,
  value,
  onChange,
}: {
  activityId: number;
  value: string | undefined;
  onChange: (resourceId: string) => void;
}) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const stations = useActivityStationsApi();
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: [...activityKeys.activity(tenant, activityId), 'stationChoices', search],
    queryFn: ({ signal }): Promise<ActivityStationPage> =>
      stations.list(
        { activityId, pageNo: 1, pageSize: 20, ...(search === '' ? {} : { resourceName: search }) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const first = found.data?.items[0]?.resourceId;
  // The first of the activity's stations is drawn until the user picks another.
  useEffect(() => {
    if (value === undefined && first !== undefined) onChange(first);
  }, [value, first, onChange]);
  return (
    <Select
      aria-label={t('calendar.station')}
      placeholder={t('calendar.stationPlaceholder')}
      style={{ minWidth: 260 }}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      value={value}
      onChange={onChange}
      notFoundContent={found.isPending ? <Skeleton.Input active size="small" /> : t('calendar.noStations')}
      options={found.data?.items.map((item) => ({
        value: item.resourceId,
        label: `${item.resourceName}（${item.resourceId}）`,
      }))}
    />
  );
}
