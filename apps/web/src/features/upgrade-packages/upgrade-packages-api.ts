import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { readErrorBody, type Tenant } from '@cmp/domain';
import type {
  UpgradeCampaign,
  UpgradeCampaignList,
  UpgradePackage,
  UpgradePackageList,
  UpgradePackageUpdate,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { ApiError, type Query } from '../../api/client';
import { useTenantApi } from '../../api/use-tenant-api';
import { useStationsTenant } from '../../components/lookups';

/** The list's name for its saved layout and its cached pages. */
export const UPGRADE_PACKAGE_LIST = 'upgradePackages';
export const UPGRADE_PACKAGES = '/upgrade-packages';

export const upgradePackageKeys = {
  detail: (tenant: string, id: number) => ['upgradePackages', tenant, 'detail', id] as const,
  campaigns: (tenant: string, id: number) => ['upgradePackages', tenant, 'campaigns', id] as const,
  campaignPage: (tenant: string, id: number, pageNo: number) =>
    ['upgradePackages', tenant, 'campaigns', id, pageNo] as const,
  campaign: (tenant: string, campaignId: number) =>
    ['upgradePackages', tenant, 'campaign', campaignId] as const,
  powerChargers: (tenant: string, resourceId: string) =>
    ['upgradePackages', tenant, 'powerChargers', resourceId] as const,
};

/** While any charger of a campaign is not sent yet, sent or under way, its progress is read this often. */
export const FOLLOW_MS = 2_000;

export const isCampaignUnfinished = (campaign: UpgradeCampaign): boolean =>
  campaign.chargers.some((c) => c.status === null || c.status === 0 || c.status === 3);

/** The fields of the upload form beside the file, as the multipart form sends them. */
export interface UploadFields {
  packageType: string;
  version: string;
  action: string;
  md5?: string;
  releaseNote?: string;
  isPromotion: boolean;
}

/**
 * Posts a package with its file and reports how much of it has gone out: `fetch` tells nothing of an
 * upload's progress, and firmware runs to hundreds of megabytes.
 */
export function uploadUpgradePackage(
  tenant: Tenant,
  fields: UploadFields,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UpgradePackage> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') form.append(name, String(value));
  }
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${tenant}${UPGRADE_PACKAGES}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'zh-CN');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'network error'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as UpgradePackage);
      const error = readErrorBody(body);
      reject(
        error
          ? new ApiError(xhr.status, error.code, error.message, error.details)
          : new ApiError(xhr.status, 'http_error', xhr.statusText || `HTTP ${xhr.status}`),
      );
    };
    xhr.send(form);
  });
}

/** The upgrade package and campaign calls of the tenant whose area the page is in. */
export function useUpgradePackagesApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      list: (query: Query, signal?: AbortSignal) =>
        api.get<UpgradePackageList>(UPGRADE_PACKAGES, { query, signal }),
      get: (id: number, signal?: AbortSignal) =>
        api.get<UpgradePackage>(`${UPGRADE_PACKAGES}/${id}`, { signal }),
      update: (id: number, body: UpgradePackageUpdate) =>
        api.put<UpgradePackage>(`${UPGRADE_PACKAGES}/${id}`, body),
      campaigns: (id: number, query: Query, signal?: AbortSignal) =>
        api.get<UpgradeCampaignList>(`${UPGRADE_PACKAGES}/${id}/campaigns`, { query, signal }),
      startCampaign: (id: number, chargePointIds: string[]) =>
        api.post<UpgradeCampaign>(`${UPGRADE_PACKAGES}/${id}/campaigns`, { chargePointIds }),
      campaign: (campaignId: number, signal?: AbortSignal) =>
        api.get<UpgradeCampaign>(`/upgrade-campaigns/${campaignId}`, { signal }),
    }),
    [api],
  );
}

export function useUpgradePackage(id: number | undefined) {
  const tenant = useStationsTenant();
  const packages = useUpgradePackagesApi();
  return useQuery({
    queryKey: upgradePackageKeys.detail(tenant, id ?? 0),
    queryFn: ({ signal }) => packages.get(id!, signal),
    enabled: id !== undefined,
  });
}
