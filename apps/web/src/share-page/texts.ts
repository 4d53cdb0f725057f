/** The page's words: Chinese first, English for a reader whose browser asks for it. */
const ZH = {
  title: '分享',
  loading: '正在加载…',
  badLink: '链接不完整或已失效',
  badLinkHint: '请回到分享给你的地方，重新打开完整的链接。',
  notFound: '分享的内容不存在或已下线',
  notFoundHint: '它可能已被撤下，看看其他精彩内容吧。',
  failed: '加载失败',
  failedHint: '网络好像不太稳定，请稍后重试。',
  retry: '重试',
  invitedToGroup: '好友邀请你加入群聊',
  members: '{{count}} 位成员',
  open: '查看详情',
  openInApp: '在 App 中打开',
  joinGroup: '加入群聊',
  share: '分享给好友',
  copyLink: '复制链接',
  copied: '链接已复制',
  miniProgramHint: '点击右上角「···」可分享给好友',
  messengerHint: '点击右上角「···」可分享给好友或朋友圈',
  browserHint: '在 App 中打开，体验更完整',
};
type Texts = typeof ZH;

const EN: Texts = {
  title: 'Share',
  loading: 'Loading…',
  badLink: 'This link is incomplete or no longer valid',
  badLinkHint: 'Go back to where it was shared with you and open the whole link again.',
  notFound: 'What was shared is not available',
  notFoundHint: 'It may have been taken down.',
  failed: 'Could not load',
  failedHint: 'The network seems unsteady; please try again in a moment.',
  retry: 'Try again',
  invitedToGroup: 'A friend invites you to a group chat',
  members: '{{count}} members',
  open: 'See more',
  openInApp: 'Open in the app',
  joinGroup: 'Join the group',
  share: 'Share with friends',
  copyLink: 'Copy link',
  copied: 'Link copied',
  miniProgramHint: 'Tap ··· at the top right to share with friends',
  messengerHint: 'Tap ··· at the top right to share with friends or to Moments',
  browserHint: 'Open it in the app for everything it offers',
};

export type TextKey = keyof Texts;

export function textsFor(
  language: string,
): (key: TextKey, values?: Record<string, string | number>) => string {
  const texts = language.toLowerCase().startsWith('en') ? EN : ZH;
  return (key, values = {}) =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
