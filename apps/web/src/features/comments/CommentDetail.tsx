import { useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, Descriptions, Divider, Flex, Result, Skeleton, Space, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, StarOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommentMarkAction } from '@cmp/domain/comments/comment-actions';
import type { Comment } from '@cmp/domain/comments/comment-contracts';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useConfirmDiscard } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { stationDetailPath } from '../../app/screen-links';
import { useStationsTenant } from '../../components/lookups';
import { CommenterAccountModal } from './CommenterAccountModal';
import {
  CommentFlagTags,
  CommentPictures,
  CommentStateTag,
  CommentText,
  RatingStars,
  commenterName,
} from './comment-parts';
import { commentKeys, useCommentsApi } from './comments-api';
import { OfficialReply, type UnsavedText } from './OfficialReply';
import { useCommentRoles } from './use-comment-lookups';
import { useMarkComment } from './use-mark-comments';

/**
 * Keeps a reply being typed from being lost silently: `leave` asks before going on while it has text, and
 * `dirty` tells the caller to guard the browser's own ways out.
 */
export function useUnsavedReply() {
  const { modal } = App.useApp();
  const confirmDiscard = useConfirmDiscard(modal);
  const [dirty, setDirty] = useState(false);
  const check = useRef<() => boolean>(undefined);
  const unsaved = useMemo<UnsavedText>(
    () => ({
      onDirtyChange: setDirty,
      register: (next) => {
        check.current = next;
      },
    }),
    [],
  );
  const leave = async (then: () => void) => {
    if (check.current?.() && !(await confirmDiscard())) return;
    then();
  };
  return { dirty, unsaved, leave, confirmDiscard };
}

/** The toggles of one comment: each mark offered as its opposite when already set. */
const markActions = (c: Comment): { action: CommentMarkAction; icon: ReactNode }[] => [
  { action: c.top ? 'CANCEL_TOP_COMMENT' : 'TOP_COMMENT', icon: <VerticalAlignTopOutlined /> },
  { action: c.focused ? 'CANCEL_FOCUSED' : 'FOCUSED', icon: <StarOutlined /> },
  {
    action: c.droppedByAdmin ? 'CANCEL_HIDE_COMMENT' : 'HIDE_COMMENT',
    icon: c.droppedByAdmin ? <EyeOutlined /> : <EyeInvisibleOutlined />,
  },
];

export interface CommentDetailProps {
  commentaryId: number;
  unsaved: UnsavedText;
  onOpenComment: (commentaryId: number) => void;
  /** What was done to the comment, shown last: a short list in the drawer, a filtered table on the page. */
  history: (comment: Comment) => ReactNode;
  /** Shown under "not found", e.g. the way back to the list. */
  notFoundExtra?: ReactNode;
}

/**
 * Every field of one comment (spec C3.8), the marks staff may set, the official reply and its history.
 * Shared by the comment drawer and the comment detail page, so both offer the same actions.
 */
export function CommentDetail({
  commentaryId,
  unsaved,
  onOpenComment,
  history,
  notFoundExtra,
}: CommentDetailProps) {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const label = useEnumLabel();
  const { canChange } = useCommentRoles();
  const mark = useMarkComment();
  const [marking, setMarking] = useState<CommentMarkAction>();
  const [accountId, setAccountId] = useState<string>();
  const query = useQuery({
    queryKey: commentKeys.detail(tenant, commentaryId),
    queryFn: ({ signal }) => comments.get(commentaryId, signal),
  });

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Result
          status="404"
          title={t('drawer.notFound', { commentaryId })}
          subTitle={t('detail.notFoundHint')}
          extra={notFoundExtra}
        />
      );
    }
    return <ErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  const c = query.data;

  const run = async (action: CommentMarkAction) => {
    setMarking(action);
    try {
      await mark(c, action);
    } finally {
      setMarking(undefined);
    }
  };

  const yesNo = (value: boolean) => t(value ? 'yesNo.yes' : 'yesNo.no');

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap size={12}>
          <RatingStars value={c.rating} size="middle" />
          <Typography.Text type="secondary">{formatTime(c.commentaryTime)}</Typography.Text>
          <CommentStateTag state={c.state} />
          <CommentFlagTags comment={c} />
        </Space>
        {canChange && (
          <Space wrap size={8} role="group" aria-label={t('mark.group')}>
            {markActions(c).map(({ action, icon }) => (
              <Button
                key={action}
                size="small"
                icon={icon}
                danger={action === 'HIDE_COMMENT'}
                loading={marking === action}
                disabled={marking !== undefined}
                onClick={() => void run(action)}
              >
                {label('commentAction', action)}
              </Button>
            ))}
          </Space>
        )}
      </Flex>

      <Descriptions size="small" bordered column={2} styles={{ label: { width: 120 } }}>
        <Descriptions.Item label={t('field.commentaryText')} span={2}>
          <CommentText comment={c} />
        </Descriptions.Item>
        <Descriptions.Item label={t('field.commentaryPicture')} span={2}>
          <CommentPictures pictures={c.commentaryPicture} size={72} />
        </Descriptions.Item>
        <Descriptions.Item label={t('field.user')} span={2}>
          <Flex wrap gap={8} align="center">
            <span>{commenterName(c)}</span>
            {c.userNickname && c.userName && (
              <Typography.Text type="secondary">{c.userNickname}</Typography.Text>
            )}
            {c.userMobile && <span>{c.userMobile}</span>}
            {c.userRole && (
              <Typography.Text type="secondary">{label('userRole', c.userRole)}</Typography.Text>
            )}
            <Button type="link" size="small" onClick={() => setAccountId(c.accountId)}>
              {t('account.open')}
            </Button>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.station')} span={2}>
          <Flex wrap gap={8} align="center">
            <Link to={stationDetailPath(tenant, c.resourceType, c.resourceId)}>{c.resourceName}</Link>
            <Typography.Text type="secondary" copyable>
              {c.resourceId}
            </Typography.Text>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.region')}>{orDash(c.region)}</Descriptions.Item>
        <Descriptions.Item label={t('field.operatorName')}>{orDash(c.operatorName)}</Descriptions.Item>
        <Descriptions.Item label={t('field.address')} span={2}>
          {orDash(c.address)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.equipmentOwner')}>{orDash(c.equipmentOwner)}</Descriptions.Item>
        <Descriptions.Item label={t('field.chargeOrder')}>{orDash(c.chargeOrder)}</Descriptions.Item>
        <Descriptions.Item label={t('field.vehicleName')}>{orDash(c.vehicleName)}</Descriptions.Item>
        <Descriptions.Item label={t('field.chargingSpeed')}>{orDash(c.chargingSpeed)}</Descriptions.Item>
        <Descriptions.Item label={t('field.client')}>{label('client', c.client)}</Descriptions.Item>
        <Descriptions.Item label={t('field.scene')}>{label('commentScene', c.scene)}</Descriptions.Item>
        <Descriptions.Item label={t('field.quality')}>{label('commentQuality', c.quality)}</Descriptions.Item>
        <Descriptions.Item label={t('field.thumbs')}>{c.thumbs}</Descriptions.Item>
        <Descriptions.Item label={t('field.appVisible')}>{yesNo(c.appVisible)}</Descriptions.Item>
        <Descriptions.Item label={t('field.highQualityRewardSuccess')}>
          {yesNo(c.highQualityRewardSuccess)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.replyNumber')}>{c.replyNumber}</Descriptions.Item>
        <Descriptions.Item label={t('field.application')}>
          {orDash(c.applicationName ?? c.applicationId)}
        </Descriptions.Item>
        {c.detail && (
          <Descriptions.Item label={t('field.detail')} span={2}>
            {c.detail}
          </Descriptions.Item>
        )}
        {c.remark && (
          <Descriptions.Item label={t('field.remark')} span={2}>
            {c.remark}
          </Descriptions.Item>
        )}
      </Descriptions>

      <section aria-label={t('reply.title')}>
        <Divider titlePlacement="start" style={{ marginTop: 0 }}>
          {t('reply.title')}
        </Divider>
        <OfficialReply comment={c} canChange={canChange} unsaved={unsaved} />
      </section>

      <section aria-label={t('history.title')}>
        <Divider titlePlacement="start" style={{ marginTop: 0 }}>
          {t('history.title')}
        </Divider>
        {history(c)}
      </section>

      <CommenterAccountModal
        accountId={accountId}
        onClose={() => setAccountId(undefined)}
        onOpenComment={onOpenComment}
      />
    </Flex>
  );
}
