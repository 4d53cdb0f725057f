import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Relation } from '@cmp/domain/accounts/relation-contracts';
import { RELATION_STATES, RELATION_TYPES } from '@cmp/domain/accounts/relations';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { toRelationExportQuery, toRelationListRequest } from './relation-list-query';
import { RELATION_LIST, useRelationsApi } from './relations-api';
import { useRelationColumns } from './use-relation-columns';
import { RelationListQuerySchema } from '@cmp/domain/accounts/relation-contracts';

/**
 * The relation list (spec C3.10.1, filter of C7.1.19): every tie between the tenant's app users and the
 * network's stations, by account, station, type, state and reason, with export and unbinding.
 */
export default function RelationListPage() {
  const { t } = useTranslation('relations');
  const tenant = useStationsTenant();
  const relations = useRelationsApi();
  const label = useEnumLabel();
  const columns = useRelationColumns();

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'account_id', label: t('field.accountId') },
      { type: 'input', name: 'resource_id', label: t('field.resourceId') },
      {
        type: 'select',
        name: 'relation_types',
        label: t('field.relationType'),
        multiple: true,
        options: RELATION_TYPES.map((type) => ({ value: type, label: label('relationType', type) })),
      },
      {
        type: 'select',
        name: 'state',
        label: t('field.state'),
        options: RELATION_STATES.map((state) => ({ value: state, label: label('relationState', state) })),
      },
      { type: 'input', name: 'relation_id', label: t('field.relationId') },
      { type: 'input', name: 'bind_reason', label: t('field.bindReason') },
      { type: 'input', name: 'unbind_reason', label: t('field.unbindReason') },
      { type: 'input', name: 'resource_origin_id', label: t('field.resourceOriginId') },
    ],
    [t, label],
  );

  return (
    <SearchTable<Relation>
      querySchema={RelationListQuerySchema}
      persistKey={RELATION_LIST}
      tenant={tenant}
      rowKey="relationId"
      title={t('list.title')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) => relations.search(toRelationListRequest(params), signal)}
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={`/api/${tenant}/relations/export`}
          query={toRelationExportQuery(params)}
          columns={shown.filter((key) => key !== 'actions')}
          fileName="relations"
        />,
      ]}
    />
  );
}
