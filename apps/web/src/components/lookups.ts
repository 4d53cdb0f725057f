import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { MAX_PAGE_SIZE, type Page, type Tenant } from '@cmp/domain';
import { enumLabel } from '@cmp/domain/messages/enumerations';
import type { Locale } from '@cmp/domain/messages/format';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import { PARK_FEE_TAG_DICT_TYPE, type DictEntry } from '@cmp/domain/stations/dictionaries';
import type { EquipmentOwner, Operator } from '@cmp/domain/stations/operators';
import type { RegionNode } from '@cmp/domain/stations/regions';
import { TAG_METADATA_COUNT } from '@cmp/domain/tags/tag-catalog';
import type { TagGroupList } from '@cmp/domain/tags/tag-contracts';
import { useQueryAtRender } from '../api/use-query-at-render';
import { useTenantApi } from '../api/use-tenant-api';
import { tenantOfPath } from '../app/paths';
import type { CascadeOption, FilterOption } from '.';
import { useDomainLocale } from './i18n/use-domain-locale';

// Look-up lists of the stations area (operators, owners, regions, dictionaries). They change rarely, so one
// fetch serves every screen of the visit; the key carries the tenant because the URL does. They are asked
// for as the screen first renders, beside its rows.
const LOOKUP_STALE_MS = 10 * 60_000;
/** Operators and owners are paged lists; a picker offers all of them, which the largest page holds. */
const WHOLE_LIST = { pageNo: 1, pageSize: MAX_PAGE_SIZE };

/** The tenant of the current page; stations screens key their queries and saved layouts with it. */
export function useStationsTenant(): Tenant {
  const tenant = tenantOfPath(useLocation().pathname);
  if (!tenant) throw new Error('a stations screen is used outside a tenant area');
  return tenant;
}

export const lookupKey = (tenant: string, name: string, ...rest: string[]) =>
  ['stations', tenant, 'lookup', name, ...rest] as const;

export function useOperators() {
  const api = useTenantApi();
  const tenant = useStationsTenant();
  return useQueryAtRender({
    queryKey: lookupKey(tenant, 'operators'),
    queryFn: ({ signal }) =>
      api
        .get<Page<Operator>>('/operators', { query: { ...WHOLE_LIST, sort: 'operatorName:asc' }, signal })
        .then((r) => r.items),
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useEquipmentOwners() {
  const api = useTenantApi();
  const tenant = useStationsTenant();
  return useQueryAtRender({
    queryKey: lookupKey(tenant, 'equipmentOwners'),
    queryFn: ({ signal }) =>
      api
        .get<Page<EquipmentOwner>>('/equipment-owners', {
          query: { ...WHOLE_LIST, sort: 'equipmentOwnerName:asc' },
          signal,
        })
        .then((r) => r.items),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** Province → city → district, the province code 910000 already left out by the server. */
export function useRegions() {
  const api = useTenantApi();
  const tenant = useStationsTenant();
  return useQueryAtRender({
    queryKey: lookupKey(tenant, 'regions'),
    queryFn: ({ signal }) => api.get<{ items: RegionNode[] }>('/regions', { signal }).then((r) => r.items),
    staleTime: Infinity,
  });
}

export function useDictionary(dictTypeCode: string) {
  const api = useTenantApi();
  const tenant = useStationsTenant();
  return useQueryAtRender({
    queryKey: lookupKey(tenant, 'dictionary', dictTypeCode),
    queryFn: ({ signal }) =>
      api
        .get<{ items: DictEntry[] }>('/dictionaries', { query: { dictTypeCode }, signal })
        .then((r) => r.items),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** The tag catalogue: every group with its tags, one page of at most 100 groups (the spec's metadata call). */
export function useTagCatalogue() {
  const api = useTenantApi();
  const tenant = useStationsTenant();
  return useQueryAtRender({
    queryKey: lookupKey(tenant, 'tags'),
    queryFn: ({ signal }) =>
      api
        .get<TagGroupList>('/tags/metadata', { query: { pageNo: 1, pageSize: TAG_METADATA_COUNT }, signal })
        .then((r) => r.items),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** Cache keys of a dictionary's entries, in every tenant: an edit invalidates them all (dictionaries are shared). */
export const isDictionaryKey = (key: readonly unknown[], dictTypeCode: string): boolean =>
  key[0] === 'stations' && key[2] === 'lookup' && key[3] === 'dictionary' && key[4] === dictTypeCode;

/**
 * An entry's label in the reader's language, as the dictionaries screen edits it: the Chinese name, or the
 * English label; an entry without one shows the portal's own English label of a shipped code, else its name.
 */
export function dictEntryLabel(
  locale: Locale,
  enumeration: 'bizScene' | 'parkFeeTag' | undefined,
  entry: Pick<DictEntry, 'code' | 'name' | 'nameEn'>,
): string {
  if (locale === 'zh-CN') return entry.name;
  if (entry.nameEn) return entry.nameEn;
  return enumeration ? enumLabel(locale, enumeration, entry.code, entry.name) : entry.name;
}

/** The business scenes a station can be tagged with (dictionary `resource_biz_scenes`). */
export const useBizScenes = () => useDictionary(BIZ_SCENE_DICT_TYPE);

/** How parking is paid at a station (dictionary `park_fee_tag`). */
export const useParkFeeTags = () => useDictionary(PARK_FEE_TAG_DICT_TYPE);

/**
 * A dictionary's entries as options in the dictionary's order. Entries the portal ships are named by the
 * label catalogue in the reader's language; entries an operator added keep the name they were given.
 */
export const dictOptions = (
  entries: readonly DictEntry[],
  label: (entry: DictEntry) => string,
): FilterOption<string>[] =>
  [...entries].sort((a, b) => a.sort - b.sort).map((entry) => ({ value: entry.code, label: label(entry) }));

export const toCascadeOptions = (nodes: readonly RegionNode[]): CascadeOption[] =>
  nodes.map((node) => ({
    value: node.regionId,
    label: node.name,
    ...(node.children?.length ? { children: toCascadeOptions(node.children) } : {}),
  }));

/** Select options of the look-ups, ready for a SearchTable filter or a SelectField; empty while loading. */
export function useLookupOptions() {
  const operators = useOperators();
  const owners = useEquipmentOwners();
  const regions = useRegions();
  const bizScenes = useBizScenes();
  const tagGroups = useTagCatalogue();
  const locale = useDomainLocale();
  return useMemo(
    () => ({
      operators: (operators.data ?? []).map((o): FilterOption<string> => ({
        value: o.operatorId,
        label: o.operatorName,
      })),
      equipmentOwners: (owners.data ?? []).map((o): FilterOption<string> => ({
        value: o.equipmentOwnerId,
        label: o.equipmentOwnerName,
      })),
      regions: toCascadeOptions(regions.data ?? []),
      // Withdrawn scenes stay: stations tagged before the withdrawal must still be found by them.
      bizScenes: dictOptions(bizScenes.data ?? [], (e) => dictEntryLabel(locale, 'bizScene', e)),
      // A tag reads with its group ("Access · Open at some hours"): several groups have a tag of one name.
      tags: (tagGroups.data ?? []).flatMap((group) =>
        group.tagList.map((tag): FilterOption<string> => ({
          value: tag.tagCode,
          label: `${enumLabel(locale, 'tagGroup', group.tagGroupCode, group.tagGroupName)} · ${enumLabel(locale, 'tagName', tag.tagCode, tag.tagName)}`,
        })),
      ),
    }),
    [operators.data, owners.data, regions.data, bizScenes.data, tagGroups.data, locale],
  );
}
