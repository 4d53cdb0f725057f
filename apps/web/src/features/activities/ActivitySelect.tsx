import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { CustomFilterProps } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { activityKeys, useActivitiesApi, useActivity } from './activities-api';
import { activityIdOf } from './activity-station-query';

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

const activityOption = (activity: Pick<Activity, 'activityId' | 'activityName'>) => ({
  value: String(activity.activityId),
  label: `${activity.activityName} (${activity.activityId})`,
});

/**
 * One of the tenant's activities, searched by name (the newest first). The one chosen is named from its
 * own record, since the search shows only what matches the text typed.
 */
export function ActivitySelect({ id, value, onChange }: CustomFilterProps) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const activities = useActivitiesApi();
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const [opened, setOpened] = useState(false);
  const found = useQuery({
    queryKey: activityKeys.byName(tenant, name),
    queryFn: ({ signal }) =>
      activities
        .list(name === '' ? {} : { searchInputSelect: 'activityName', searchInput: name }, signal)
        .then((page) => page.items),
    enabled: opened,
    staleTime: 60_000,
  });
  const listed = found.data?.some((activity) => String(activity.activityId) === value) ?? false;
  const chosen = useActivity(listed ? undefined : activityIdOf(value));
  const options = [
    ...(chosen.data && !listed ? [activityOption(chosen.data)] : []),
    ...(found.data ?? []).map(activityOption),
  ];

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      placeholder={t('stations.activitySearch')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('stations.activityNone')}
      value={value}
      options={options}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(next: string | undefined) => onChange(next)}
    />
  );
}
