import { useMemo } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Comment } from '@cmp/domain/comments/comment-contracts';
import type { SearchTableColumn } from '../../components';
import { EllipsisCell } from '../../components/SearchTable/EllipsisCell';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { stationDetailPath } from '../../app/screen-links';
import { useStationsTenant } from '../../components/lookups';
import {
  CommentFlagTags,
  CommentPictures,
  CommentStateTag,
  CommentText,
  RatingStars,
  commenterName,
} from './comment-parts';
import { commentDetailPath } from './comment-links';
import styles from './comments.module.css';

/** The columns a station's own comments leave out: they are all the station's. */
const STATION_COLUMNS = new Set(['station', 'region', 'address', 'operatorName', 'equipmentOwner']);

/**
 * The comment list's columns, shared by the list screen and a station's Comments tab (`compact`: without the
 * station's own columns and the rarely wanted ones). `onOpen` shows a comment's details in the drawer.
 */
export function useCommentColumns({
  onOpen,
  compact = false,
}: {
  onOpen: (comment: Comment) => void;
  compact?: boolean;
}): SearchTableColumn<Comment>[] {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const label = useEnumLabel();

  return useMemo(() => {
    const columns: (SearchTableColumn<Comment> & { extra?: boolean })[] = [
      {
        key: 'commentaryId',
        title: t('field.commentaryId'),
        width: 110,
        fixed: 'left',
        // The id leads to the comment's own page (a link to copy or open beside); "details" peeks in a drawer.
        render: (c) => (
          <Link
            to={commentDetailPath(tenant, c.commentaryId)}
            className={styles.id}
            aria-label={t('list.openComment', { commentaryId: c.commentaryId })}
          >
            {c.commentaryId}
          </Link>
        ),
      },
      {
        key: 'commentaryTime',
        title: t('field.commentaryTime'),
        sortable: true,
        width: 170,
        render: (c) => formatTime(c.commentaryTime),
      },
      {
        key: 'rating',
        title: t('field.rating'),
        sortable: true,
        width: 130,
        render: (c) => <RatingStars value={c.rating} />,
      },
      {
        key: 'commentaryText',
        title: t('field.commentaryText'),
        width: 280,
        render: (c) => <CommentText comment={c} rows={2} />,
      },
      {
        key: 'commentaryPicture',
        title: t('field.commentaryPicture'),
        width: 150,
        render: (c) => <CommentPictures pictures={c.commentaryPicture} />,
      },
      {
        key: 'user',
        title: t('field.user'),
        width: 170,
        render: (c) => (
          <Flex vertical>
            <EllipsisCell>{commenterName(c)}</EllipsisCell>
            {c.userNickname && c.userName && (
              <Typography.Text type="secondary">
                <EllipsisCell>{c.userNickname}</EllipsisCell>
              </Typography.Text>
            )}
            {c.userMobile && <Typography.Text type="secondary">{c.userMobile}</Typography.Text>}
          </Flex>
        ),
      },
      {
        key: 'station',
        title: t('field.station'),
        width: 220,
        render: (c) => (
          <EllipsisCell tooltip={`${c.resourceName} · ${c.resourceId}`}>
            <Link to={stationDetailPath(tenant, c.resourceType, c.resourceId)}>{c.resourceName}</Link>
          </EllipsisCell>
        ),
      },
      {
        key: 'region',
        title: t('field.region'),
        width: 170,
        ellipsis: true,
        render: (c) => orDash(c.region),
      },
      {
        key: 'address',
        title: t('field.address'),
        width: 200,
        ellipsis: true,
        hiddenByDefault: true,
        render: (c) => orDash(c.address),
      },
      {
        key: 'operatorName',
        title: t('field.operatorName'),
        width: 120,
        ellipsis: true,
        render: (c) => orDash(c.operatorName),
      },
      {
        key: 'equipmentOwner',
        title: t('field.equipmentOwner'),
        width: 140,
        ellipsis: true,
        hiddenByDefault: true,
        render: (c) => orDash(c.equipmentOwner),
      },
      {
        key: 'client',
        title: t('field.client'),
        width: 130,
        extra: true,
        ellipsis: true,
        render: (c) => label('client', c.client),
      },
      { key: 'scene', title: t('field.scene'), width: 80, render: (c) => label('commentScene', c.scene) },
      {
        key: 'quality',
        title: t('field.quality'),
        width: 80,
        hiddenByDefault: true,
        extra: true,
        render: (c) => label('commentQuality', c.quality),
      },
      {
        key: 'state',
        title: t('field.state'),
        width: 110,
        render: (c) => <CommentStateTag state={c.state} />,
      },
      { key: 'flags', title: t('field.flags'), width: 150, render: (c) => <CommentFlagTags comment={c} /> },
      {
        key: 'replyNumber',
        title: t('field.replyNumber'),
        sortable: true,
        align: 'right',
        width: 100,
        render: (c) => c.replyNumber,
      },
      {
        key: 'thumbs',
        title: t('field.thumbs'),
        sortable: true,
        align: 'right',
        width: 80,
        extra: true,
        render: (c) => c.thumbs,
      },
      {
        key: 'actions',
        title: t('list.actions'),
        width: 80,
        fixed: 'right',
        render: (c) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(c)}>
            {t('list.view')}
          </Button>
        ),
      },
    ];
    return columns
      .filter((column) => !compact || (!STATION_COLUMNS.has(column.key) && !column.extra))
      .map(({ extra: _extra, ...column }) => column);
  }, [t, tenant, label, onOpen, compact]);
}
