import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Image,
  List,
  Result,
  Row,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { POST_MARKS, type ForumPostDetail, type PostMark } from '@cmp/domain/forum/forum-contracts';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCanChange } from '../../app/session/use-can-change';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { forumKeys, useForumApi, useForumPost } from './forum-api';
import { forumPostListPath, forumReplyListPath } from './forum-links';
import { PostStateTags, PostTypeTag } from './ForumTags';
import { MarkedText, WordTags } from './MarkedText';
import { BrokenArticle, PostArticle, VideoPlayer } from './PostArticle';
import { usePostMarks } from './use-post-marks';

/** The column of each mark on the post. */
const MARKED: Record<PostMark, keyof ForumPostDetail> = {
  'have-read': 'portalHaveRead',
  publish: 'publicStatus',
  recommend: 'recommendation',
  hide: 'portalHidden',
};

/** A share (动态) as the app shows it: its text, its pictures, videos and documents. */
function ShareContent({ post }: { post: ForumPostDetail }) {
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
      <MarkedText text={post.postContent} words={post.illegalWordArr} />
    </Typography.Paragraph>
  );
}

function Attachments({ post }: { post: ForumPostDetail }) {
  const { t } = useTranslation('forum');
  return (
    <>
      {post.imageList.length > 0 && (
        <Image.PreviewGroup>
          <Flex wrap gap={8} data-testid="post-images">
            {post.imageList.map((url) => (
              <Image key={url} src={url} width={120} height={120} style={{ objectFit: 'cover' }} alt="" />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {post.videos.map((video, at) => (
        <VideoPlayer key={at} video={video} />
      ))}
      {post.docs.length > 0 && (
        <List
          size="small"
          header={t('field.docs')}
          dataSource={post.docs}
          renderItem={(doc) => (
            <List.Item>
              <a href={doc.docUrl} target="_blank" rel="noreferrer">
                {doc.docName}
              </a>
            </List.Item>
          )}
        />
      )}
    </>
  );
}

function Moderation({ post }: { post: ForumPostDetail }) {
  const { t } = useTranslation('forum');
  const canChange = useCanChange();
  const confirmMark = usePostMarks();
  return (
    <Card title={t('detail.moderation')}>
      <Flex vertical gap={12}>
        <Space wrap>
          <PostStateTags post={post} />
        </Space>
        {canChange && (
          <Space wrap>
            {POST_MARKS.map((mark) => {
              const set = post[MARKED[mark]] === 1;
              return (
                <Button
                  key={mark}
                  danger={mark === 'hide' && !set}
                  type={mark === 'publish' && !set ? 'primary' : 'default'}
                  onClick={() => confirmMark([post.postId], mark, set ? 0 : 1)}
                >
                  {t(`mark.${mark}.${set ? 'off' : 'on'}`)}
                </Button>
              );
            })}
          </Space>
        )}
      </Flex>
    </Card>
  );
}

function History({ postId }: { postId: number }) {
  const { t } = useTranslation('forum');
  const tenant = useStationsTenant();
  const forum = useForumApi();
  const history = useQuery({
    queryKey: forumKeys.operations(tenant, postId),
    queryFn: ({ signal }) => forum.operations(postId, signal),
  });
  return (
    <Card title={t('detail.history')} data-testid="post-history">
      {history.isPending ? (
        <PageLoading />
      ) : history.isError ? (
        <ErrorResult error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <Empty description={t('detail.noHistory')} />
      ) : (
        <Timeline
          items={history.data.items.map((op) => ({
            key: op.recordId,
            children: (
              <Flex vertical>
                <Space>
                  <Typography.Text strong>
                    {op.flag === null
                      ? op.action
                      : t(`action.${op.action}.${op.flag}`, { defaultValue: op.action })}
                  </Typography.Text>
                  {op.bulk && <Tag>{t('detail.bulk')}</Tag>}
                </Space>
                <Typography.Text type="secondary">
                  {orDash(op.operator)} · {formatTime(op.operatedAt)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/**
 * One post (`?id=`, spec post-detail): its content as the app shows it (a note's every section type, a
 * share's text and attachments), the sensitive words highlighted, the moderation marks and the history.
 */
export default function ForumPostDetailPage() {
  const { t } = useTranslation('forum');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const idParam = Number(searchParams.get('id'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : undefined;
  const post = useForumPost(id);

  const back = (
    <Link to={forumPostListPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (id === undefined) return <Result status="404" title={t('detail.notFound')} extra={back} />;
  if (post.isPending) return <PageLoading />;
  if (post.isError) {
    return post.error instanceof ApiError && post.error.status === 404 ? (
      <Result status="404" title={post.error.message} extra={back} />
    ) : (
      <ErrorResult error={post.error} onRetry={() => void post.refetch()} />
    );
  }
  const data = post.data;
  return (
    <Flex vertical gap={16}>
      {back}
      <Flex align="center" gap={12}>
        <PostTypeTag type={data.postType} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {data.title ? <MarkedText text={data.title} words={data.illegalWordArr} /> : `#${data.postId}`}
        </Typography.Title>
      </Flex>
      <Row gutter={16}>
        <Col xs={24} lg={15}>
          <Card title={t('detail.content')}>
            <Flex vertical gap={12}>
              {data.postType === 1 ? (
                data.article ? (
                  <PostArticle article={data.article} words={data.illegalWordArr} />
                ) : (
                  <BrokenArticle content={data.postContent} />
                )
              ) : (
                <ShareContent post={data} />
              )}
              <Attachments post={data} />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={16}>
            <Moderation post={data} />
            <Card title={t('detail.info')}>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('field.postId')}>{data.postId}</Descriptions.Item>
                <Descriptions.Item label={t('field.author')}>
                  {data.account.nickname ?? data.account.accountId} {orDash(data.account.mobile)}
                </Descriptions.Item>
                <Descriptions.Item label={t('field.topicTitle')}>
                  {data.topicTitle ? <MarkedText text={data.topicTitle} words={data.illegalWordArr} /> : '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('field.publicTime')}>
                  {formatTime(data.publicTime)}
                </Descriptions.Item>
                <Descriptions.Item label={t('field.selfPrivate')}>
                  {t(`flag.${data.selfPrivate}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('field.illegalWords')}>
                  <WordTags words={data.illegalWordArr} />
                </Descriptions.Item>
                <Descriptions.Item label={t('field.replyCount')}>
                  <Link to={forumReplyListPath(tenant, data.postId)}>{data.replyCount}</Link>
                </Descriptions.Item>
                <Descriptions.Item label={t('field.thumbCount')}>{data.thumbCount}</Descriptions.Item>
              </Descriptions>
            </Card>
            <History postId={data.postId} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
