import { useCallback } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargingPathStatus } from '@cmp/domain/charging-paths/charging-path-contracts';
import type { PlanTag } from '@cmp/domain/road-books/route-tactics';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { Stars } from '../../components/Stars/Stars';

const STATUS_COLORS: Record<ChargingPathStatus, string> = {
  planned: 'success',
  not_reachable: 'warning',
  no_route: 'error',
};

export function PathStatusTag({ status }: { status: ChargingPathStatus }) {
  const label = useEnumLabel();
  return <Tag color={STATUS_COLORS[status]}>{label('chargingPathStatus', status)}</Tag>;
}

export function PlanTagLabel({ tag }: { tag: PlanTag }) {
  const label = useEnumLabel();
  return <Tag color="blue">{label('planTag', tag)}</Tag>;
}

/** The user's stars, or that they gave none. */
export function PathRating({ rating }: { rating: number | null }) {
  const { t } = useTranslation('chargingPaths');
  if (rating === null) return <Typography.Text type="secondary">{t('rating.none')}</Typography.Text>;
  return <Stars value={rating} label={t('rating.stars', { rating })} />;
}

/** Metres as kilometres with one decimal, the precision a trip is read at. */
export const kmOf = (metres: number): string => (metres / 1000).toFixed(1);

/** Seconds as hours and minutes (minutes alone under an hour). */
export function useDuration(): (seconds: number) => string {
  const { t } = useTranslation('chargingPaths');
  return useCallback(
    (seconds) => {
      const minutes = Math.round(seconds / 60);
      const hours = Math.floor(minutes / 60);
      return hours === 0
        ? t('unit.minutes', { minutes })
        : t('unit.hoursMinutes', { hours, minutes: minutes - hours * 60 });
    },
    [t],
  );
}
