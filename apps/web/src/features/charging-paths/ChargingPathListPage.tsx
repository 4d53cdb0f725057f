import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PATH_RATING_MAX,
  type ChargingPathListItem,
  ChargingPathListQuerySchema,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useChargingPathsTenant } from './charging-path-links';
import { RATING_FILTER, SEARCH_TIME_NAMES, toPathFilter, toPathListQuery } from './charging-path-list-query';
import { CHARGING_PATH_LIST, CHARGING_PATHS, useChargingPathsApi } from './charging-paths-api';
import { usePathColumns } from './use-path-columns';

/**
 * The charging paths app users planned (spec C3.10.7, C3.10.8): by search time, user, origin, destination
 * and the user's rating, with export; each path opens its detail with the route on the map.
 */
export default function ChargingPathListPage() {
  const { t } = useTranslation('chargingPaths');
  const tenant = useChargingPathsTenant();
  const paths = useChargingPathsApi();
  const columns = usePathColumns();

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'datetimeRange', name: 'searchTime', names: SEARCH_TIME_NAMES, label: t('filter.searchTime') },
      {
        type: 'select',
        name: RATING_FILTER,
        label: t('filter.commentaryRating'),
        multiple: true,
        options: Array.from({ length: PATH_RATING_MAX }, (_, i) => PATH_RATING_MAX - i).map((rating) => ({
          value: String(rating),
          label: t('rating.stars', { rating }),
        })),
      },
      { type: 'input', name: 'name', label: t('filter.name'), placeholder: t('filter.namePlaceholder') },
      {
        type: 'input',
        name: 'mobile',
        label: t('filter.mobile'),
        placeholder: t('filter.mobilePlaceholder'),
      },
      {
        type: 'input',
        name: 'originPoint',
        label: t('filter.originPoint'),
        placeholder: t('filter.placePlaceholder'),
      },
      {
        type: 'input',
        name: 'destinationPoint',
        label: t('filter.destinationPoint'),
        placeholder: t('filter.placePlaceholder'),
      },
      { type: 'input', name: 'accountId', label: t('field.userAccountId') },
    ],
    [t],
  );

  return (
    <SearchTable<ChargingPathListItem>
      querySchema={ChargingPathListQuerySchema}
      persistKey={CHARGING_PATH_LIST}
      tenant={tenant}
      rowKey="pathId"
      title={t('list.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) => paths.list(toPathListQuery(params), signal)}
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}${CHARGING_PATHS}/export`}
          query={toPathFilter(params)}
          columns={shown}
          fileName="charging-paths"
        />,
      ]}
    />
  );
}
