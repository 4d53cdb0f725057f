import { Flex, Image, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommentState } from '@cmp/domain/comments/comment-codes';
import type { Comment, CommentPicture } from '@cmp/domain/comments/comment-contracts';
import { Stars } from '../../components/Stars/Stars';
import { EllipsisCell } from '../../components/SearchTable/EllipsisCell';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import styles from './comments.module.css';

/** Stars only to read: a rating, or a station's average (halves shown). */
export function RatingStars({ value, size = 'small' }: { value: number; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('comments');
  return <Stars value={value} label={t('field.ratingOf', { rating: value })} size={size} />;
}

const STATE_COLORS: Record<CommentState, string> = {
  visible: 'success',
  deleted_by_user: 'default',
  hidden_by_admin: 'warning',
  account_cancelled: 'default',
  not_in_app: 'default',
};

export function CommentStateTag({ state }: { state: CommentState }) {
  const label = useEnumLabel();
  return <Tag color={STATE_COLORS[state]}>{label('commentState', state)}</Tag>;
}

/** The marks staff set and the user's own, each as a tag; none gives a dash. */
export function CommentFlagTags({ comment }: { comment: Comment }) {
  const { t } = useTranslation('comments');
  const flags = [
    comment.top && (
      <Tag key="top" color="gold">
        {t('flag.top')}
      </Tag>
    ),
    comment.focused && (
      <Tag key="focused" color="blue">
        {t('flag.focused')}
      </Tag>
    ),
    comment.droppedByAdmin && (
      <Tag key="hidden" color="orange">
        {t('flag.hidden')}
      </Tag>
    ),
    comment.droppedByUser && <Tag key="deleted">{t('flag.deletedByUser')}</Tag>,
    comment.accountCancellation && <Tag key="cancelled">{t('flag.accountCancelled')}</Tag>,
    !comment.appVisible && <Tag key="notInApp">{t('flag.notInApp')}</Tag>,
    comment.quality === 'high' && (
      <Tag key="high" color="green">
        {t('flag.highQuality')}
      </Tag>
    ),
  ].filter(Boolean);
  if (flags.length === 0) return '-';
  return (
    <Flex wrap gap={4} className={styles.flags}>
      {flags}
    </Flex>
  );
}

/** The comment's pictures as small thumbnails; a click previews the full picture, the others beside it. */
export function CommentPictures({ pictures, size = 36 }: { pictures: CommentPicture[]; size?: number }) {
  const { t } = useTranslation('comments');
  if (pictures.length === 0) return '-';
  return (
    <Image.PreviewGroup>
      <Flex wrap gap={4}>
        {pictures.map((picture, index) => (
          <Image
            key={picture.fileId}
            src={picture.thumbnailUrl}
            alt={t('field.pictureNo', { no: index + 1 })}
            width={size}
            height={size}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            preview={{ src: picture.url }}
          />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

/** The commenter in one line: name, else nickname, with the mobile (masked for viewers by the server). */
export function commenterName(comment: Pick<Comment, 'userName' | 'userNickname' | 'accountId'>): string {
  return comment.userName || comment.userNickname || comment.accountId;
}

/** The text with its tags; no text says so rather than showing an empty cell. */
export function CommentText({ comment, rows }: { comment: Comment; rows?: number }) {
  const { t } = useTranslation('comments');
  const text = comment.commentaryText?.trim();
  return (
    <Flex vertical gap={4}>
      {text ? (
        rows === undefined ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{text}</Typography.Paragraph>
        ) : (
          <EllipsisCell lines={rows}>{text}</EllipsisCell>
        )
      ) : (
        <Typography.Text type="secondary">{t('field.noText')}</Typography.Text>
      )}
      {comment.commentaryTag.length > 0 && (
        <Flex wrap gap={4}>
          {comment.commentaryTag.map((tag) => (
            <Tag key={tag} variant="filled" color="processing" className={styles.commentTag}>
              {tag}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
