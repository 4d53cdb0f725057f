import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { ConfigItemSaveSchema, NotificationsQuerySchema } from './cloud-config.js';
import { configValueProblems, KNOWN_CONFIG_KEYS, prettyConfigValue } from './config-values.js';

const VALID: Record<(typeof KNOWN_CONFIG_KEYS)[number], unknown> = {
  share_templates: [
    {
      shareTempletId: 1,
      shareType: 'group_invite',
      title: '加入充电群',
      pictures: ['https://cdn.example.com/a.png'],
      landingPage: '/h5/share',
    },
  ],
  poster_pictures: [{ position: 'home_banner', pictureUrl: 'https://cdn.example.com/p.png' }],
  profile_recommend: [
    { title: '充电地图', pictureUrl: '/files/a.png', linkUrl: 'https://example.com/map', sort: 1 },
  ],
  qrcode_backgrounds: [{ backgroundUrl: '/files/bg.png', qrX: 275, qrY: 900, qrSize: 200 }],
  car_purchase_invite: {
    enabled: true,
    title: '邀请好友购车',
    posterUrl: '/files/invite.png',
    rules: ['好友下定后奖励积分'],
  },
  recommended_comments: ['充电很快', '车位好找'],
  virtual_station_online: { online: true, stationIds: [] },
};

describe('configValueProblems', () => {
  it.each(KNOWN_CONFIG_KEYS)('should accept a value of the shape of %s', (key) => {
    expect(configValueProblems(key, JSON.stringify(VALID[key]))).toEqual([]);
  });

  it.each(KNOWN_CONFIG_KEYS)('should refuse a value of another shape for %s', (key) => {
    expect(configValueProblems(key, '"text"')).not.toEqual([]);
  });

  it('should refuse text that is not JSON, naming the value as a whole', () => {
    expect(configValueProblems('anything', '{"a":')).toEqual([
      { path: [], message: { key: 'cloudConfig.invalidJson' } },
    ]);
  });

  it('should accept any JSON for a key without a shape of its own', () => {
    expect(configValueProblems('feature.flags', '{"dark":true,"list":[1,2]}')).toEqual([]);
    expect(configValueProblems('feature.flags', '42')).toEqual([]);
  });

  it('should name the place inside the value and the limit of a share template with six pictures', () => {
    const template = { ...(VALID.share_templates as object[])[0], pictures: Array(6).fill('/files/a.png') };

    expect(configValueProblems('share_templates', JSON.stringify([template]))).toEqual([
      { path: [0, 'pictures'], message: { key: 'cloudConfig.tooManyPictures', params: { max: 5 } } },
    ]);
  });

  it('should refuse a link that is neither an http(s) address nor a path', () => {
    const value = [{ position: 'x', pictureUrl: 'javascript:alert(1)' }];

    expect(configValueProblems('poster_pictures', JSON.stringify(value))).toEqual([
      { path: [0, 'pictureUrl'], message: { key: 'cloudConfig.badLink' } },
    ]);
  });
});

describe('ConfigItemSaveSchema', () => {
  it('should place the value problems under value, in both languages', () => {
    const result = ConfigItemSaveSchema.safeParse({ key: 'recommended_comments', value: '[1]' });

    expect(result.success).toBe(false);
    const [issue] = result.error!.issues;
    expect(issue!.path).toEqual(['value', 0]);
    expect(formatMessage('zh-CN', { key: issue!.message })).toBe('输入的值无效');
    expect(formatMessage('en-US', { key: issue!.message })).toBe('This value is not valid');
  });

  it('should refuse invalid JSON at the value field', () => {
    const result = ConfigItemSaveSchema.safeParse({ key: 'a', value: 'not json' });

    expect(result.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [['value'], 'cloudConfig.invalidJson'],
    ]);
  });
});

describe('NotificationsQuerySchema', () => {
  it('should read the notifications Apollo sends as JSON text', () => {
    expect(
      NotificationsQuerySchema.parse({
        notifications: '[{"namespaceName":"application","notificationId":-1}]',
      }),
    ).toEqual({ notifications: [{ namespaceName: 'application', notificationId: -1 }] });
  });

  it('should refuse text that is not JSON', () => {
    expect(NotificationsQuerySchema.safeParse({ notifications: '[' }).error!.issues[0]!.message).toBe(
      'cloudConfig.invalidJson',
    );
  });
});

describe('prettyConfigValue', () => {
  it('should lay JSON out two spaces a level and leave other text as it is', () => {
    expect(prettyConfigValue('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyConfigValue('{oops')).toBe('{oops');
  });
});
