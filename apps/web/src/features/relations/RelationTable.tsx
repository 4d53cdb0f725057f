import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import {
  DEFAULT_RELATION_SORT,
  type Relation,
  type RelationListRequest,
} from '@cmp/domain/accounts/relation-contracts';
import { PagedTable } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { relationKeys, useRelationsApi } from './relations-api';
import { useRelationColumns } from './use-relation-columns';

interface RelationTableProps {
  /** One station's relations or one account's. */
  of: { resource_id: string } | { account_id: string };
  empty: string;
  /** Above the table at the right: the link to the full list, the bind button. */
  toolbar: ReactNode;
}

/**
 * The relations of one station or one account, latest bound first. The table keeps its page in its own
 * state: the hosting page's URL is the page's, and the full list with its filters is one link away.
 */
export function RelationTable({ of, empty, toolbar }: RelationTableProps) {
  const tenant = useStationsTenant();
  const relations = useRelationsApi();
  const columns = useRelationColumns('resource_id' in of ? 'station' : 'account');
  const request = (pageNo: number): RelationListRequest => ({
    ...of,
    pageNo,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: DEFAULT_RELATION_SORT,
  });
  const keyOf = 'resource_id' in of ? relationKeys.ofStation : relationKeys.ofAccount;

  const shown = columns.filter((column) => !column.hiddenByDefault);

  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end" align="center" gap={12} wrap>
        {toolbar}
      </Flex>
      <PagedTable<Relation>
        rowKey="relationId"
        columns={shown}
        queryKey={(pageNo) => keyOf(tenant, request(pageNo))}
        load={(pageNo, signal) => relations.search(request(pageNo), signal)}
        empty={empty}
      />
    </Flex>
  );
}
