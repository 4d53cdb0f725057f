import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictEntry, DictEntryCreate, DictEntryEdit, DictType } from '@cmp/domain/stations/dictionaries';
import { useTenantApi } from '../../api/use-tenant-api';
import { isDictionaryKey, useStationsTenant } from '../../components/lookups';

export const dictionaryKeys = {
  types: (tenant: string) => ['dictionaries', tenant, 'types'] as const,
};

export function useDictionariesApi() {
  const api = useTenantApi();
  return useMemo(
    () => ({
      types: (signal?: AbortSignal) =>
        api.get<{ items: DictType[] }>('/dictionary-types', { signal }).then((r) => r.items),
      create: (dictTypeCode: string, request: DictEntryCreate) =>
        api.post<DictEntry>(`/dictionary-types/${encodeURIComponent(dictTypeCode)}/entries`, request),
      update: (dictId: number, request: DictEntryEdit) =>
        api.put<DictEntry>(`/dictionary-entries/${dictId}`, request),
    }),
    [api],
  );
}

export function useDictionaryTypes() {
  const dictionaries = useDictionariesApi();
  const tenant = useStationsTenant();
  return useQuery({
    queryKey: dictionaryKeys.types(tenant),
    queryFn: ({ signal }) => dictionaries.types(signal),
  });
}

/**
 * After a change: the screen's counts, and every select of every tenant that reads the dictionary (they
 * keep it ten minutes otherwise), so the station editors offer the new label at once.
 */
export function useDictionaryChanged(): (dictTypeCode: string) => Promise<void> {
  const queryClient = useQueryClient();
  return async (dictTypeCode) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['dictionaries'] }),
      queryClient.invalidateQueries({ predicate: (query) => isDictionaryKey(query.queryKey, dictTypeCode) }),
    ]);
  };
}
