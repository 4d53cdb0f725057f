import { useEffect, useState } from 'react';
import { Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceSearchHit } from '@cmp/domain/road-books/road-book';
import { useTenantApi } from '../../../api/use-tenant-api';
import { powerSearch } from '../road-books-api';
import type { Place } from './editor-state';

const TYPING_PAUSE_MS = 300;
const POPUP_MIN_WIDTH = 360;
const POPUP_MAX_WIDTH = 'min(560px, 90vw)';

export interface PlaceSearchProps {
  id?: string;
  value: Place | null;
  onChange: (place: Place) => void;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * Finds a place by city, district, station name or address (the power search, 50 hits at most, the
 * stations of a city or district so named first) and hands it over.
 */
export function PlaceSearch({ id, value, onChange, placeholder, 'aria-label': ariaLabel }: PlaceSearchProps) {
  const { t } = useTranslation('roadBooks');
  const api = useTenantApi();
  const [typed, setTyped] = useState('');
  const [keywords, setKeywords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeywords(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const hits = useQuery({
    queryKey: ['roadBooks', 'powerSearch', keywords],
    queryFn: ({ signal }) => powerSearch(api, keywords, signal).then((answer) => answer.data.values),
    enabled: keywords !== '',
    staleTime: 60_000,
  });
  const byId = new Map<string, ResourceSearchHit>((hits.data ?? []).map((hit) => [hit.id, hit]));

  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      value={value ? value.name : null}
      placeholder={placeholder ?? t('trip.searchPlaceholder')}
      loading={hits.isFetching}
      notFoundContent={
        keywords === ''
          ? null
          : hits.isFetching
            ? t('trip.searching')
            : hits.isError
              ? t('trip.searchFailed')
              : t('trip.noMatch')
      }
      status={hits.isError ? 'error' : undefined}
      // The list may be wider than the box, and names wrap rather than being cut: places of the same name
      // are told apart by their region.
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { minWidth: POPUP_MIN_WIDTH, maxWidth: POPUP_MAX_WIDTH } } }}
      options={(hits.isError ? [] : (hits.data ?? [])).map((hit) => ({
        value: hit.id,
        title: hit.name,
        label: (
          <div style={{ whiteSpace: 'normal' }}>
            <div>{hit.name}</div>
            {hit.region && (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                {hit.region.split('/').join(' ')}
              </Typography.Text>
            )}
            {hit.address && (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                {hit.address}
              </Typography.Text>
            )}
          </div>
        ),
      }))}
      onChange={(hitId: string) => {
        const hit = byId.get(hitId);
        if (!hit) return;
        onChange({ longitude: hit.longitude, latitude: hit.latitude, name: hit.name });
        setTyped('');
      }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
