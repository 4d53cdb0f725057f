import { useCallback, useEffect, useState } from 'react';
import type { GroupBasicInfo } from '@cmp/domain/chats/group-chats';
import { shareHostOf, type ShareHost } from '@cmp/domain/share-page/share-host';
import type { AppShareTemplate } from '@cmp/domain/share-templates/share-templates';
import { useRootFontScale } from '../components/hooks/use-root-font-scale';
import { callApp } from './mobile-bridge';
import { openInMiniProgram, setUpMessengerShare } from './messenger-share';
import { readShareParams, type ShareParams } from './share-params';
import { textsFor, type TextKey } from './texts';

type Loaded = { template: AppShareTemplate; group: GroupBasicInfo | null };
type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | ({ kind: 'ready' } & Loaded);

class NotFound extends Error {}

async function read<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (response.status === 404 || response.status === 422) throw new NotFound();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function load(params: Exclude<ShareParams, { problem: string }>): Promise<Loaded> {
  const query = new URLSearchParams({
    tenant: params.tenant,
    share_type: params.shareType,
    share_templet_id: String(params.shareTempletId),
  });
  const [template, group] = await Promise.all([
    read<AppShareTemplate>(`/api/public/share/template?${query}`),
    params.group
      ? read<GroupBasicInfo>('/api/public/share/group-info', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tenant: params.tenant, ...params.group }),
        })
      : Promise.resolve(null),
  ]);
  return { template, group };
}

/**
 * The H5 share page (`/h5/share?share_templet_id=&share_type=&tenant=`, with `group_id` and `inviter` for a
 * group invitation): the template's card, a group's info, and what the place it runs in can do — the
 * product's app through its bridge, a mini-program through its web view, the messenger's share card, or a
 * plain browser's link and copy. Laid out in rem from the 750-wide design.
 */
export function SharePage() {
  useRootFontScale();
  const t = textsFor(navigator.language);
  const [params] = useState(() => readShareParams(location.search));
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const host: ShareHost = shareHostOf(
    navigator.userAgent,
    (window as { __wxjs_environment?: string }).__wxjs_environment,
  );

  useEffect(() => {
    if (params.problem) return;
    let live = true;
    setState({ kind: 'loading' });
    load(params).then(
      (loaded) => live && setState({ kind: 'ready', ...loaded }),
      (error: unknown) => live && setState({ kind: error instanceof NotFound ? 'missing' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [params, attempt]);

  useEffect(() => {
    if (state.kind !== 'ready' || params.problem) return;
    document.title = state.group?.groupName ?? state.template.shareTitle;
    if (host === 'messenger') {
      void setUpMessengerShare(params.tenant, {
        title: state.template.shareTitle,
        description: state.template.description ?? '',
        link: location.href.split('#')[0]!,
        image: state.template.sharePic[0],
      });
    }
  }, [state, host, params]);

  if (params.problem) return <Notice title={t('badLink')} hint={t('badLinkHint')} />;
  if (state.kind === 'loading') {
    return (
      <main className="share-page share-center" role="status" aria-busy="true">
        <div className="share-spinner" />
        <p>{t('loading')}</p>
      </main>
    );
  }
  if (state.kind === 'missing') return <Notice title={t('notFound')} hint={t('notFoundHint')} />;
  if (state.kind === 'failed') {
    return (
      <Notice title={t('failed')} hint={t('failedHint')}>
        <button type="button" className="share-button" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </Notice>
    );
  }
  return <ShareCard loaded={state} host={host} params={params} t={t} />;
}

function Notice({ title, hint, children }: { title: string; hint: string; children?: React.ReactNode }) {
  return (
    <main className="share-page share-center">
      <div className="share-notice-icon" aria-hidden="true">
        !
      </div>
      <h1 className="share-notice-title">{title}</h1>
      <p className="share-muted">{hint}</p>
      {children}
    </main>
  );
}

function ShareCard({
  loaded: { template, group },
  host,
  params,
  t,
}: {
  loaded: Loaded;
  host: ShareHost;
  params: Exclude<ShareParams, { problem: string }>;
  t: (key: TextKey, values?: Record<string, string | number>) => string;
}) {
  const [copied, setCopied] = useState(false);
  const [hero, ...more] = template.sharePic;
  const viewImage = useCallback(
    (index: number) => callApp({ action: 'viewImages', payload: { urls: template.sharePic, index } }),
    [template.sharePic],
  );
  const copy = () => {
    navigator.clipboard?.writeText(location.href).then(
      () => setCopied(true),
      () => undefined,
    );
  };

  return (
    <main className="share-page" data-host={host}>
      {hero && (
        <img
          className="share-hero"
          src={hero}
          alt={template.shareTitle}
          onClick={host === 'app' ? () => viewImage(0) : undefined}
        />
      )}
      <section className="share-body">
        <h1 className="share-title">{template.shareTitle}</h1>
        {template.description && <p className="share-text">{template.description}</p>}
        {more.length > 0 && (
          <div className="share-thumbs">
            {more.map((src, index) => (
              <img
                key={src}
                src={src}
                alt=""
                onClick={host === 'app' ? () => viewImage(index + 1) : undefined}
              />
            ))}
          </div>
        )}
      </section>
      {group && (
        <section className="share-group" aria-label={group.groupName}>
          <p className="share-muted">{t('invitedToGroup')}</p>
          <div className="share-group-head">
            {group.groupCover && <img className="share-group-cover" src={group.groupCover} alt="" />}
            <div>
              <h2 className="share-group-name">{group.groupName}</h2>
              <p className="share-muted">{t('members', { count: group.memberSize })}</p>
            </div>
          </div>
          {group.groupIntro && <p className="share-text">{group.groupIntro}</p>}
          <ul className="share-members">
            {group.memberList.slice(0, 8).map((member, index) => (
              <li key={index} title={member.nickname ?? ''}>
                {member.avatar ? (
                  <img src={member.avatar} alt={member.nickname ?? ''} />
                ) : (
                  <span>{(member.nickname ?? '?').slice(0, 1)}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer className="share-actions">
        {host === 'app' && (
          <>
            <button
              type="button"
              className="share-button"
              onClick={() =>
                params.group
                  ? callApp({ action: 'joinGroup', payload: params.group })
                  : callApp({ action: 'openLink', payload: { url: template.landingPage } })
              }
            >
              {params.group ? t('joinGroup') : t('open')}
            </button>
            <button
              type="button"
              className="share-button share-button-ghost"
              onClick={() =>
                callApp({
                  action: 'share',
                  payload: {
                    title: template.shareTitle,
                    description: template.description ?? '',
                    link: location.href,
                    image: hero,
                  },
                })
              }
            >
              {t('share')}
            </button>
          </>
        )}
        {host === 'mini_program' && (
          <>
            <button
              type="button"
              className="share-button"
              onClick={() => void openInMiniProgram(template.landingPage)}
            >
              {t('open')}
            </button>
            <p className="share-muted">{t('miniProgramHint')}</p>
          </>
        )}
        {(host === 'messenger' || host === 'browser') && (
          <>
            <a className="share-button" href={template.landingPage}>
              {t('openInApp')}
            </a>
            {host === 'browser' && (
              <button type="button" className="share-button share-button-ghost" onClick={copy}>
                {copied ? t('copied') : t('copyLink')}
              </button>
            )}
            <p className="share-muted">{t(host === 'messenger' ? 'messengerHint' : 'browserHint')}</p>
          </>
        )}
      </footer>
    </main>
  );
}
