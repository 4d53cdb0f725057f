import { Drawer } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LeaveGuard } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { CommentDetail, useUnsavedReply } from './CommentDetail';
import { CommentHistory } from './CommentHistory';
import { commentDetailPath } from './comment-links';

export interface CommentDrawerProps {
  /** The comment shown; the drawer is closed while undefined. */
  commentaryId: number | undefined;
  onClose: () => void;
  /** Shows another comment (one of the same commenter's) in the drawer. */
  onOpenComment: (commentaryId: number) => void;
}

/**
 * A comment's details in a drawer: every field, the marks staff may set, the official reply and what was
 * done to the comment, with a link to the comment's own page. A reply being typed is not lost silently:
 * closing the drawer or leaving the page asks first.
 */
export function CommentDrawer({ commentaryId, onClose, onOpenComment }: CommentDrawerProps) {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const { dirty, unsaved, leave, confirmDiscard } = useUnsavedReply();

  return (
    <Drawer
      open={commentaryId !== undefined}
      title={commentaryId !== undefined ? t('drawer.title', { commentaryId }) : undefined}
      extra={
        commentaryId !== undefined && (
          <Link to={commentDetailPath(tenant, commentaryId)}>
            <ExportOutlined /> {t('detail.openPage')}
          </Link>
        )
      }
      size={760}
      onClose={() => void leave(onClose)}
      destroyOnHidden
    >
      {dirty && <LeaveGuard confirm={confirmDiscard} />}
      {commentaryId !== undefined && (
        <CommentDetail
          key={commentaryId}
          commentaryId={commentaryId}
          unsaved={unsaved}
          onOpenComment={(id) => void leave(() => onOpenComment(id))}
          history={(c) => <CommentHistory commentaryId={c.commentaryId} />}
        />
      )}
    </Drawer>
  );
}
