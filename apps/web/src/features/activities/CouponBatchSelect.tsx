import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CouponBatch } from '@cmp/domain/coupons/coupon-batches';
import { useStationsTenant } from '../../components/lookups';
import { useCouponBatch } from '../coupons/coupons-api';
import { activityKeys, useActivitiesApi } from './activities-api';

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

const batchOption = (batch: Pick<CouponBatch, 'couponBatchId' | 'batchName'>) => ({
  value: String(batch.couponBatchId),
  label: `${batch.batchName} (${batch.couponBatchId})`,
});

export interface CouponBatchSelectProps {
  /** The batch's id, as a rule's value carries it. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/**
 * A reward's coupon batch, searched by name among the tenant's batches. A batch already chosen is named
 * from its own record, since the search shows only what matches the text typed.
 */
export function CouponBatchSelect({ value, onChange, disabled, id, ...aria }: CouponBatchSelectProps) {
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
    queryKey: activityKeys.couponBatchesByName(tenant, name),
    queryFn: ({ signal }) => activities.couponBatchesByName(name, signal).then((page) => page.items),
    enabled: opened,
    staleTime: 60_000,
  });
  const chosenId = value && /^\d+$/.test(value) ? Number(value) : undefined;
  const listed = found.data?.some((batch) => String(batch.couponBatchId) === value) ?? false;
  const chosen = useCouponBatch(listed ? undefined : chosenId);
  const options = [
    ...(chosen.data && !listed ? [batchOption(chosen.data)] : []),
    ...(found.data ?? []).map(batchOption),
  ];

  return (
    <Select
      id={id}
      aria-label={aria['aria-label']}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      disabled={disabled}
      placeholder={t('editor.couponBatchSearch')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('editor.couponBatchNone')}
      value={value}
      options={options}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(next: string | undefined) => onChange?.(next)}
    />
  );
}
