/** The in-app post page's words: Chinese first, English for a reader whose browser asks for it. */
const ZH = {
  loading: '正在加载…',
  notFound: '帖子不存在或已隐藏',
  notFoundHint: '它可能已被作者删除或被隐藏。',
  badLink: '链接不完整或已失效',
  failed: '加载失败',
  retry: '重试',
  note: '笔记',
  share: '动态',
  replies: '回复（{{count}}）',
  noReplies: '还没有回复，来说两句吧',
  reply: '回复',
  like: '点赞（{{count}}）',
  follow: '关注',
  replyTo: '回复 {{name}}',
  openInApp: '在 App 中打开可回复、点赞和关注',
  place: '地点',
  charge: '充电站',
  swap: '换电站',
};
type Texts = typeof ZH;

const EN: Texts = {
  loading: 'Loading…',
  notFound: 'This post does not exist or is hidden',
  notFoundHint: 'Its author may have deleted it, or it was hidden.',
  badLink: 'This link is incomplete or no longer valid',
  failed: 'Could not load',
  retry: 'Retry',
  note: 'Note',
  share: 'Dynamic',
  replies: 'Replies ({{count}})',
  noReplies: 'No replies yet',
  reply: 'Reply',
  like: 'Like ({{count}})',
  follow: 'Follow',
  replyTo: 'Reply to {{name}}',
  openInApp: 'Open it in the app to reply, like and follow',
  place: 'Place',
  charge: 'Charging station',
  swap: 'Swap station',
};

export type PostTextKey = keyof Texts;

export function postTextsFor(language: string) {
  const texts = language.toLowerCase().startsWith('zh') || !language.toLowerCase().startsWith('en') ? ZH : EN;
  return (key: PostTextKey, values: Record<string, string | number> = {}) =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
