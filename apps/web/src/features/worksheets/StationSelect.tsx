import { useEffect, useState } from 'react';
import { Select, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OperationListItem, OperationListPage } from '@cmp/domain/stations/operation-list-item';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';
import styles from './StationSelect.module.css';

/** Matches offered per search: enough to pick from while typing, few enough to read. */
const MATCHES = 10;
/** Waits for a pause in typing before asking the server. */
const DEBOUNCE_MS = 300;

export interface StationSelectProps {
  id?: string;
  value?: string;
  onChange?: (resourceId: string | undefined) => void;
  disabled?: boolean;
}

/**
 * Picks a charge or swap station by typing part of its name or its whole id (the list matches ids exactly):
 * the operations list is asked for both, and the matches are offered with their type and id. The value is
 * the station's id.
 */
export function StationSelect({ id, value, onChange, disabled }: StationSelectProps) {
  const { t } = useTranslation('worksheets');
  const api = useTenantApi();
  const tenant = useStationsTenant();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The picked station stays an option when the search is cleared, so the field keeps showing its name.
  const [picked, setPicked] = useState<OperationListItem>();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const matches = useQuery({
    queryKey: ['stations', tenant, 'pick', search],
    enabled: search !== '',
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const ask = (field: 'resourceName' | 'resourceId') =>
        api.get<OperationListPage>('/stations', {
          query: { pageNo: 1, pageSize: MATCHES, [field]: search },
          signal,
        });
      const [byName, byId] = await Promise.all([ask('resourceName'), ask('resourceId')]);
      const seen = new Map<string, OperationListItem>();
      for (const item of [...byId.items, ...byName.items]) seen.set(item.resourceId, item);
      return [...seen.values()];
    },
  });

  const found = search === '' ? [] : (matches.data ?? []);
  const shown =
    picked && picked.resourceId === value && !found.some((item) => item.resourceId === value)
      ? [picked, ...found]
      : found;
  const options = shown.map((item) => ({ value: item.resourceId, label: item.resourceName, item }));

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      disabled={disabled}
      value={value}
      placeholder={t('create.stationHint')}
      loading={matches.isFetching}
      notFoundContent={
        search === '' ? t('create.stationTypeToSearch') : matches.isFetching ? null : t('create.stationNone')
      }
      options={options}
      optionRender={({ data }) => (
        <div className={styles.option}>
          <span className={styles.name}>{data.item.resourceName}</span>
          <Tag color={data.item.resourceType === 'PowerSwap' ? 'purple' : 'blue'}>
            {t(`stations:resourceType.${data.item.resourceType}`)}
          </Tag>
          <span className={styles.id}>{data.item.resourceId}</span>
        </div>
      )}
      onChange={(next: string | undefined) => {
        setPicked(shown.find((item) => item.resourceId === next));
        onChange?.(next);
      }}
    />
  );
}
