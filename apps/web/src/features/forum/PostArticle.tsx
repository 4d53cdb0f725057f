import { EnvironmentOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Annotation, ArticleContent, PostSection, PostVideo } from '@cmp/domain/forum/post-content';
import { MarkedText } from './MarkedText';

/** A text section's content with its annotated runs styled as the app shows them (topic, @mention, link, bold). */
function AnnotatedText({
  content,
  annotations,
  words,
}: {
  content: string;
  annotations: readonly Annotation[];
  words: readonly string[];
}) {
  const ordered = [...annotations].sort((a, b) => a.start - b.start);
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const a of ordered) {
    if (a.start < at) continue;
    if (a.start > at)
      pieces.push(<MarkedText key={`t${at}`} text={content.slice(at, a.start)} words={words} />);
    const run = <MarkedText text={content.slice(a.start, a.end)} words={words} />;
    pieces.push(
      a.type === 'bold' ? (
        <strong key={`a${a.start}`}>{run}</strong>
      ) : a.type === 'link' && a.value ? (
        <a key={`a${a.start}`} href={a.value} target="_blank" rel="noreferrer">
          {run}
        </a>
      ) : (
        <Typography.Text key={`a${a.start}`} type="success" data-annotation={a.type}>
          {run}
        </Typography.Text>
      ),
    );
    at = a.end;
  }
  if (at < content.length) pieces.push(<MarkedText key={`t${at}`} text={content.slice(at)} words={words} />);
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{pieces}</Typography.Paragraph>
  );
}

export function VideoPlayer({ video }: { video: PostVideo }) {
  return (
    <video
      controls
      preload="none"
      src={video.video_url}
      poster={video.cover_url}
      style={{ width: '100%', maxWidth: 480, borderRadius: 8, background: '#000' }}
    />
  );
}

function Section({ section, words }: { section: PostSection; words: readonly string[] }) {
  const { t } = useTranslation('forum');
  switch (section.sectionType) {
    case 'text':
      return <AnnotatedText content={section.content} annotations={section.annotations} words={words} />;
    case 'image':
      return (
        <Flex vertical gap={4}>
          <Image src={section.image.url} width={320} alt={section.image.description ?? ''} />
          {section.image.description && (
            <Typography.Text type="secondary">
              <MarkedText text={section.image.description} words={words} />
            </Typography.Text>
          )}
        </Flex>
      );
    case 'video':
      return <VideoPlayer video={section.video} />;
    case 'poi':
      return (
        <Card size="small" style={{ maxWidth: 480 }} data-testid="poi-card">
          <Flex gap={12} align="center">
            <EnvironmentOutlined style={{ fontSize: 24, color: '#1677ff' }} />
            <Flex vertical>
              <Typography.Text strong>
                <MarkedText text={section.poi.name} words={words} />
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('section.poi')} ·{' '}
                {section.poi.address ?? `${section.poi.longitude}, ${section.poi.latitude}`}
              </Typography.Text>
            </Flex>
          </Flex>
        </Card>
      );
    case 'power':
      return (
        <Card size="small" style={{ maxWidth: 480 }} data-testid="power-card">
          <Flex gap={12} align="center">
            <ThunderboltOutlined style={{ fontSize: 24, color: '#52c41a' }} />
            <Flex vertical>
              <Typography.Text strong>
                <MarkedText text={section.power.resourceName} words={words} />
              </Typography.Text>
              <Typography.Text type="secondary">
                {t(`section.powerType.${section.power.powerType}`)} · {section.power.resourceId}
              </Typography.Text>
            </Flex>
          </Flex>
        </Card>
      );
  }
}

/** An article (笔记) as the app lays it out: cover, sections in order, then its video list. */
export function PostArticle({ article, words }: { article: ArticleContent; words: readonly string[] }) {
  const { t } = useTranslation('forum');
  return (
    <Flex vertical gap={12} data-testid="post-article">
      {article.cover && (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('detail.cover')}</Typography.Text>
          <Image src={article.cover.url} width={360} alt={t('detail.cover')} />
        </Flex>
      )}
      <Image.PreviewGroup>
        {article.sections.map((section, at) => (
          <Section key={at} section={section} words={words} />
        ))}
      </Image.PreviewGroup>
      {article.videoList.length > 0 && (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('detail.videoList')}</Typography.Text>
          {article.videoList.map((video, at) => (
            <VideoPlayer key={at} video={video} />
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/** An article whose stored JSON cannot be read: said so, and its text shown as stored. */
export function BrokenArticle({ content }: { content: string }) {
  const { t } = useTranslation('forum');
  return (
    <Flex vertical gap={8}>
      <Alert type="warning" showIcon message={t('detail.brokenArticle')} />
      <Typography.Paragraph code>{content}</Typography.Paragraph>
    </Flex>
  );
}
