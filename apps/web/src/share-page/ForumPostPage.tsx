import { useEffect, useState } from 'react';
import type { AppReply, PublicPost } from '@cmp/domain/forum/forum-contracts';
import type { ArticleContent, PostSection } from '@cmp/domain/forum/post-content';
import { shareHostOf } from '@cmp/domain/share-page/share-host';
import { useRootFontScale } from '../components/hooks/use-root-font-scale';
import { callApp } from './mobile-bridge';
import { postTextsFor, type PostTextKey } from './post-page-texts';

type T = (key: PostTextKey, values?: Record<string, string | number>) => string;
type State =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; page: PublicPost };

const TENANTS = ['nio', 'pe', 'rsc'];

/**
 * An article's sections as the portal stored them (checked on intake), read without the schemas: the page
 * stays small, and what does not read as sections shows as text.
 */
function readArticle(postContent: string): ArticleContent | null {
  try {
    const parsed = JSON.parse(postContent) as Partial<ArticleContent> | null;
    return Array.isArray(parsed?.sections) ? ({ videoList: [], ...parsed } as ArticleContent) : null;
  } catch {
    return null;
  }
}
const POSITIVE_INTEGER = /^[1-9]\d{0,15}$/;

/** The post the link names (`post_id`, `tenant`, pe when absent), or null for a link that names none. */
export function readPostParams(search: string): { postId: string; tenant: string } | null {
  const query = new URLSearchParams(search);
  const postId = query.get('post_id') ?? '';
  const tenant = query.get('tenant') ?? 'pe';
  return POSITIVE_INTEGER.test(postId) && TENANTS.includes(tenant) ? { postId, tenant } : null;
}

function Section({ section, images, t }: { section: PostSection; images: string[]; t: T }) {
  switch (section.sectionType) {
    case 'text':
      return <p className="share-text post-text">{section.content}</p>;
    case 'image':
      return (
        <img
          className="post-image"
          src={section.image.url}
          alt={section.image.description ?? ''}
          onClick={() =>
            callApp({
              action: 'viewImages',
              payload: { urls: images, index: images.indexOf(section.image.url) },
            })
          }
        />
      );
    case 'video':
      return (
        <video
          className="post-video"
          controls
          preload="none"
          src={section.video.video_url}
          poster={section.video.cover_url}
        />
      );
    case 'poi':
      return (
        <div className="post-card">
          <strong>{section.poi.name}</strong>
          <span className="share-muted">
            {t('place')} · {section.poi.address ?? `${section.poi.longitude}, ${section.poi.latitude}`}
          </span>
        </div>
      );
    case 'power':
      return (
        <div className="post-card">
          <strong>{section.power.resourceName}</strong>
          <span className="share-muted">{t(section.power.powerType)}</span>
        </div>
      );
  }
}

function Reply({ reply, postId, t }: { reply: AppReply; postId: string; t: T }) {
  const name = reply.fromAccount.nickname ?? reply.fromAccount.accountId;
  return (
    <li className="post-reply">
      <span className="post-reply-from">{name}</span>
      {reply.toAccount && (
        <span className="share-muted"> → {reply.toAccount.nickname ?? reply.toAccount.accountId}</span>
      )}
      <p className="share-text">{reply.replyContent}</p>
      <button
        type="button"
        className="post-link"
        onClick={() => callApp({ action: 'reply', payload: { postId, replyId: String(reply.replyId) } })}
      >
        {t('replyTo', { name })}
      </button>
    </li>
  );
}

/**
 * The in-app community post page (spec C1.19, `/h5/share?post_id=&tenant=`): a post the apps show, as the
 * app lays it out, with its replies; reply, like and follow go to the product's app through its bridge.
 */
export function ForumPostPage() {
  useRootFontScale();
  const t = postTextsFor(navigator.language);
  const [params] = useState(() => readPostParams(location.search));
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const inApp = shareHostOf(navigator.userAgent, undefined) === 'app';

  useEffect(() => {
    if (!params) return;
    let live = true;
    setState({ kind: 'loading' });
    fetch(`/api/public/forum/posts/${params.postId}?tenant=${params.tenant}`).then(
      async (response) => {
        if (!live) return;
        if (response.status === 404 || response.status === 400) return setState({ kind: 'missing' });
        if (!response.ok) return setState({ kind: 'failed' });
        setState({ kind: 'ready', page: (await response.json()) as PublicPost });
      },
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [params, attempt]);

  if (!params) return <Centered title={t('badLink')} />;
  if (state.kind === 'loading') return <Centered title={t('loading')} busy />;
  if (state.kind === 'missing') return <Centered title={t('notFound')} hint={t('notFoundHint')} />;
  if (state.kind === 'failed') {
    return (
      <Centered title={t('failed')}>
        <button type="button" className="share-button" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </Centered>
    );
  }
  const { post, replies, replyTotal } = state.page;
  const postId = String(post.postId);
  const article = post.postType === 1 ? readArticle(post.postContent) : null;
  const images = article
    ? article.sections.flatMap((s) => (s.sectionType === 'image' ? [s.image.url] : []))
    : post.imageList;
  return (
    <main className="share-page" data-host={inApp ? 'app' : 'browser'}>
      {article?.cover && <img className="share-hero" src={article.cover.url} alt="" />}
      <section className="share-body">
        <p className="share-muted">
          {post.postType === 1 ? t('note') : t('share')}
          {post.topicTitle ? ` · #${post.topicTitle}` : ''}
        </p>
        {post.title && <h1 className="share-title">{post.title}</h1>}
        <div className="post-author">
          <span>{post.account.nickname ?? post.account.accountId}</span>
          <button
            type="button"
            className="post-link"
            onClick={() => callApp({ action: 'follow', payload: { accountId: post.account.accountId } })}
          >
            {t('follow')}
          </button>
        </div>
        {article ? (
          article.sections.map((section, at) => <Section key={at} section={section} images={images} t={t} />)
        ) : (
          <>
            <p className="share-text post-text">{post.postContent}</p>
            <div className="share-thumbs">
              {post.imageList.map((src, index) => (
                <img
                  key={src}
                  src={src}
                  alt=""
                  onClick={() => callApp({ action: 'viewImages', payload: { urls: post.imageList, index } })}
                />
              ))}
            </div>
          </>
        )}
      </section>
      <section className="share-body" aria-label={t('replies', { count: replyTotal })}>
        <h2 className="share-group-name">{t('replies', { count: replyTotal })}</h2>
        {replies.length === 0 ? (
          <p className="share-muted">{t('noReplies')}</p>
        ) : (
          <ul className="post-replies">
            {replies.map((reply) => (
              <Reply key={reply.replyId} reply={reply} postId={postId} t={t} />
            ))}
          </ul>
        )}
      </section>
      <footer className="share-actions">
        {inApp ? (
          <>
            <button
              type="button"
              className="share-button"
              onClick={() => callApp({ action: 'reply', payload: { postId } })}
            >
              {t('reply')}
            </button>
            <button
              type="button"
              className="share-button share-button-ghost"
              onClick={() => callApp({ action: 'like', payload: { postId } })}
            >
              {t('like', { count: post.thumbCount })}
            </button>
          </>
        ) : (
          <p className="share-muted">{t('openInApp')}</p>
        )}
      </footer>
    </main>
  );
}

function Centered({
  title,
  hint,
  busy,
  children,
}: {
  title: string;
  hint?: string;
  busy?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <main className="share-page share-center" role={busy ? 'status' : undefined} aria-busy={busy}>
      <h1 className="share-notice-title">{title}</h1>
      {hint && <p className="share-muted">{hint}</p>}
      {children}
    </main>
  );
}
