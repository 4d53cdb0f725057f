import { useCallback, useState } from 'react';
import { Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import {
  DEFAULT_COMMENT_SORT,
  type Comment,
  type CommentListRequest,
  type CommentSummary,
} from '@cmp/domain/comments/comment-contracts';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { PagedTable } from '../../../components';
import { useEnumLabel } from '../../../components/i18n/use-enum-label';
import { CommentDrawer } from '../../comments/CommentDrawer';
import { commentListPath } from '../../comments/comment-links';
import { RatingStars } from '../../comments/comment-parts';
import { commentKeys, useCommentsApi } from '../../comments/comments-api';
import styles from '../../comments/comments.module.css';
import { useCommentColumns } from '../../comments/use-comment-columns';
import { useStationsTenant } from '../../../components/lookups';

/** Stars show halves; the figure beside them keeps one decimal. */
const toStars = (score: number) => Math.round(score * 2) / 2;

/**
 * The station's comments: what its visible comments add up to (overall and per scene, with the tags users
 * chose and how often), then the comments themselves, newest first, each opening in the comment drawer. The
 * table keeps its page in its own state: the detail page's URL belongs to the page, and the full list with
 * its filters is one link away.
 */
export function CommentsTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const [openId, setOpenId] = useState<number>();
  const open = useCallback((comment: Comment) => setOpenId(comment.commentaryId), []);
  const columns = useCommentColumns({ onOpen: open, compact: true });

  const request = (pageNo: number): CommentListRequest => ({
    resourceId,
    pageNo,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: DEFAULT_COMMENT_SORT,
  });

  return (
    <Flex vertical gap={16}>
      <SummaryCard resourceId={resourceId} />
      <Flex justify="flex-end">
        <Link to={commentListPath(tenant, `?resourceId=${encodeURIComponent(resourceId)}`)}>
          {t('tab.allOfStation')}
        </Link>
      </Flex>
      <PagedTable<Comment>
        rowKey="commentaryId"
        columns={columns}
        queryKey={(pageNo) => commentKeys.ofStation(tenant, request(pageNo))}
        load={(pageNo, signal) => comments.search(request(pageNo), signal)}
        empty={t('tab.empty')}
      />
      <CommentDrawer commentaryId={openId} onClose={() => setOpenId(undefined)} onOpenComment={setOpenId} />
    </Flex>
  );
}

/** The resource summary of C3.8.4: the overall score and level, and each scene's average, count and tags. */
function SummaryCard({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const query = useQuery({
    queryKey: commentKeys.summary(tenant, resourceId),
    queryFn: ({ signal }) => comments.summary(resourceId, signal),
  });
  return (
    <Card size="small" title={t('summary.title')} data-testid="comment-summary">
      {query.isError ? (
        <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Summary summary={query.data} />
      )}
    </Card>
  );
}

function Summary({ summary }: { summary: CommentSummary }) {
  const { t } = useTranslation('comments');
  const label = useEnumLabel();
  // The list below holds every comment, for moderation; the summary counts those the app shows, and says so.
  const notShown = summary.notShown > 0 && (
    <Typography.Text type="secondary" data-testid="summary-not-shown">
      {t('summary.notShown', { count: summary.notShown })}
    </Typography.Text>
  );
  if (summary.times === 0 || summary.overallScore === null) {
    return (
      <Flex vertical align="center">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.none')} />
        {notShown}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={12} wrap>
        <span className={styles.score}>{summary.overallScore.toFixed(1)}</span>
        <RatingStars value={toStars(summary.overallScore)} size="middle" />
        {summary.overallLevel && <Tag color="gold">{label('overallLevel', summary.overallLevel)}</Tag>}
        <Typography.Text type="secondary">{t('summary.times', { count: summary.times })}</Typography.Text>
      </Flex>
      {notShown}
      {summary.scenes.map((scene) => (
        <Flex
          key={scene.sceneName}
          vertical
          gap={6}
          className={styles.sceneRow}
          data-testid={`summary-scene-${scene.sceneName}`}
        >
          <Flex align="center" gap={12} wrap>
            <Typography.Text strong>{label('commentScene', scene.sceneName)}</Typography.Text>
            <RatingStars value={toStars(scene.averageScore)} />
            <span>{scene.averageScore.toFixed(1)}</span>
            <Typography.Text type="secondary">{t('summary.times', { count: scene.times })}</Typography.Text>
          </Flex>
          {scene.tags.length > 0 && (
            <Flex wrap gap={6}>
              {scene.tags.map((tag) => (
                <Tag key={tag.id} color="blue">
                  {t('summary.tag', { name: tag.name, amount: tag.amount })}
                </Tag>
              ))}
            </Flex>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
