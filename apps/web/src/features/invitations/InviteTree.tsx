import { useState, type ReactNode } from 'react';
import { App, Empty, Skeleton, Space, Tree, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvitationKindPath } from '@cmp/domain/invitations/invitation-codes';
import type { InviteTree as InviteTreeAnswer, InviteTreeNode } from '@cmp/domain/invitations/invitations';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useStationsTenant } from '../../components/lookups';
import { accountName, InviteStatusTag } from './invitation-parts';
import { invitationKeys, useInvitationsApi } from './invitations-api';

/** Invitees one expansion shows, newest first; a node says when it invited more. */
const BREADTH = 20;

interface TreeItem {
  /** The path of user ids from the root: a user invited by two inviters appears under both. */
  key: string;
  title: ReactNode;
  isLeaf: boolean;
  selectable?: boolean;
  children?: TreeItem[];
}

/**
 * An inviter's invitees as a tree, one level at a time: a node's invitees are asked for when it is
 * expanded. Each node shows who the invitee is, the invitation's status and how many they invited.
 */
export function InviteTree({ kind, accountId }: { kind: InvitationKindPath; accountId: string }) {
  const { t } = useTranslation('invitations');
  const tenant = useStationsTenant();
  const api = useInvitationsApi();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const levelOf = (userId: string) => ({
    queryKey: invitationKeys.tree(tenant, kind, userId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.tree(kind, { accountId: userId, depth: 1, breadth: BREADTH }, signal),
  });
  const root = useQuery(levelOf(accountId));
  // The invitees of each expanded node, by its key.
  const [loaded, setLoaded] = useState<ReadonlyMap<string, InviteTreeNode[]>>(new Map());

  if (root.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (root.isError) return <ErrorResult error={root.error} onRetry={() => void root.refetch()} />;
  if (root.data.nodes.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />;
  }

  const itemsOf = (parentKey: string, invitees: InviteTreeNode[], invitedCount: number): TreeItem[] => {
    const items = invitees.map((node): TreeItem => {
      const key = `${parentKey}/${node.userId}`;
      const children = loaded.get(key);
      return {
        key,
        title: <NodeTitle kind={kind} node={node} />,
        isLeaf: node.invitedCount === 0,
        children: children && itemsOf(key, children, node.invitedCount),
      };
    });
    if (invitedCount > invitees.length) {
      items.push({
        key: `${parentKey}/…`,
        title: (
          <Typography.Text type="secondary">
            {t('tree.more', { shown: invitees.length, count: invitedCount })}
          </Typography.Text>
        ),
        isLeaf: true,
        selectable: false,
      });
    }
    return items;
  };

  const expand = async (item: TreeItem) => {
    if (loaded.has(item.key)) return;
    const userId = item.key.slice(item.key.lastIndexOf('/') + 1);
    try {
      const level: InviteTreeAnswer = await queryClient.fetchQuery(levelOf(userId));
      setLoaded((current) => new Map(current).set(item.key, level.nodes));
    } catch (error) {
      void message.error(t('tree.loadFailed', { reason: describe(error) }), 8);
    }
  };

  return (
    <Tree<TreeItem>
      showLine
      blockNode
      selectable={false}
      treeData={itemsOf(accountId, root.data.nodes, root.data.root.invitedCount)}
      loadData={expand}
    />
  );
}

function NodeTitle({ kind, node }: { kind: InvitationKindPath; node: InviteTreeNode }) {
  const { t } = useTranslation('invitations');
  const name = accountName(node.account, node.userId);
  return (
    <Space size={6} wrap>
      <Typography.Text>{name}</Typography.Text>
      {name !== node.userId && <Typography.Text type="secondary">{node.userId}</Typography.Text>}
      <InviteStatusTag kind={kind} status={node.inviteStatus} />
      {node.invitedCount > 0 && (
        <Typography.Text type="secondary">{t('tree.invited', { count: node.invitedCount })}</Typography.Text>
      )}
    </Space>
  );
}
