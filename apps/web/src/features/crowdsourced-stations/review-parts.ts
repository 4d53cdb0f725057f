import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@cmp/domain';
import type { NearbyStation } from '@cmp/domain/stations/crowdsourced-stations';
import { stationDetailPath } from '../../app/screen-links';

/** Metres as the review page reads them: whole metres near the report, kilometres with one decimal beyond. */
export function useDistance(): (metres: number) => string {
  const { t } = useTranslation('crowdsourcedReview');
  return useCallback(
    (metres) =>
      metres < 1000
        ? t('unit.metres', { value: Math.round(metres) })
        : t('unit.km', { value: (metres / 1000).toFixed(1) }),
    [t],
  );
}

/**
 * The page of a network station the review names. Its type picks the charge or the swap station page: given,
 * or known from the stations near the report; a report goes online as a charge station, so that is the rest.
 */
export function stationPagePath(
  tenant: Tenant,
  resourceId: string,
  nearby: readonly NearbyStation[],
  resourceType?: string | null,
): string {
  const type =
    resourceType ?? nearby.find((s) => s.resourceId === resourceId)?.resourceType ?? 'ChargeStation';
  return stationDetailPath(tenant, type, resourceId);
}
