import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Relation } from '@cmp/domain/accounts/relation-contracts';
import type { RelationState, RelationType } from '@cmp/domain/accounts/relations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime } from '../../components/format';
import { EllipsisCell } from '../../components/SearchTable/EllipsisCell';
import { useStationsTenant } from '../../components/lookups';
import { accountPagePath } from './relation-links';

const STATE_COLORS: Record<RelationState, string> = { bind: 'success', unbind: 'default' };
const TYPE_COLORS: Record<RelationType, string> = {
  discoverer: 'gold',
  contributor: 'blue',
  maintainer: 'purple',
};

export function RelationStateTag({ state }: { state: RelationState }) {
  const label = useEnumLabel();
  return <Tag color={STATE_COLORS[state]}>{label('relationState', state)}</Tag>;
}

export function RelationTypeTag({ type }: { type: RelationType }) {
  const label = useEnumLabel();
  return <Tag color={TYPE_COLORS[type]}>{label('relationType', type)}</Tag>;
}

/** The state, and for an unbound relation when and why it was unbound. */
export function RelationStateWithUnbinding({ relation }: { relation: Relation }) {
  return (
    <Flex vertical align="flex-start" gap={2}>
      <RelationStateTag state={relation.state} />
      {relation.state === 'unbind' && (
        <>
          <Typography.Text type="secondary">{formatTime(relation.unbindTime)}</Typography.Text>
          <EllipsisCell>{relation.unbindReason}</EllipsisCell>
        </>
      )}
    </Flex>
  );
}

/** How a relation names its user: the name, else the nickname, else the account id. */
export const accountName = (r: Pick<Relation, 'name' | 'nickname' | 'accountId'>): string =>
  r.name ?? r.nickname ?? r.accountId;

/**
 * The user of a relation: name and nickname as the account service sent them, and the account id, which
 * opens the account page once there is one. An account the portal has not received yet says so.
 */
export function RelationAccount({ relation }: { relation: Relation }) {
  const { t } = useTranslation('relations');
  const tenant = useStationsTenant();
  const page = accountPagePath(tenant, relation.accountId);
  const known = relation.name !== null || relation.nickname !== null;
  return (
    <Flex vertical>
      <EllipsisCell>{known ? accountName(relation) : t('list.unknownAccount')}</EllipsisCell>
      {relation.name && relation.nickname && (
        <Typography.Text type="secondary">
          <EllipsisCell>{relation.nickname}</EllipsisCell>
        </Typography.Text>
      )}
      <Typography.Text type="secondary" copyable={{ text: relation.accountId }}>
        {page ? <Link to={page}>{relation.accountId}</Link> : relation.accountId}
      </Typography.Text>
    </Flex>
  );
}
