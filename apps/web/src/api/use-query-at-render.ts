import { useState } from 'react';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/**
 * `useQuery` whose first fetch starts as the component first renders. A plain `useQuery` fetches once the
 * render has been committed, which for a screen with a table and its filter form is hundreds of
 * milliseconds later on a slow machine; the request now overlaps that render. Later fetches (a new key,
 * a refetch) still start after their render commits, so they always follow what is on screen.
 */
export function useQueryAtRender<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey> & {
    queryKey: TKey;
    queryFn: NonNullable<UseQueryOptions<TData, Error, TData, TKey>['queryFn']>;
  },
) {
  const queryClient = useQueryClient();
  useState(() => {
    if (!queryClient.getQueryState(options.queryKey)) {
      void queryClient.prefetchQuery({
        queryKey: options.queryKey,
        queryFn: options.queryFn,
        ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
      });
    }
  });
  return useQuery(options);
}
