import { TENANTS, type Tenant } from '@cmp/domain';
import { DEFAULT_NAMESPACE, type ReleasedItem } from '@cmp/domain/cloud-config/cloud-config';
import {
  configItems,
  configNamespaces,
  configReleases,
} from '../modules/cloud-config/cloud-config.tables.js';
import type { DemoContext } from './demo-context.js';

const HOUR = 3_600_000;

/** Every key the spec names, with a value of its shape; the second release changes two of them. */
function firstItems(tenant: Tenant): ReleasedItem[] {
  const cdn = `/demo/${tenant}`;
  const items: Record<string, [unknown, string]> = {
    share_templates: [
      [
        {
          shareTempletId: 1,
          shareType: 'group_invite',
          title: '邀你加入充电站群聊',
          description: '一起交流充电体验',
          pictures: [`${cdn}/share/group-1.png`, `${cdn}/share/group-2.png`],
          landingPage: '/h5/share',
        },
      ],
      '分享模板',
    ],
    poster_pictures: [
      [
        { position: 'home_banner', pictureUrl: `${cdn}/posters/banner.png`, linkUrl: '/h5/activity' },
        { position: 'app_launch', pictureUrl: `${cdn}/posters/splash.png` },
      ],
      '海报图片',
    ],
    profile_recommend: [
      [
        { title: '充电地图', pictureUrl: `${cdn}/profile/map.png`, linkUrl: '/h5/map', sort: 1 },
        { title: '邀请好友', pictureUrl: `${cdn}/profile/invite.png`, linkUrl: '/h5/invite', sort: 2 },
      ],
      '个人页推荐位',
    ],
    qrcode_backgrounds: [
      [{ backgroundUrl: `${cdn}/qrcode/bg-1.png`, qrX: 275, qrY: 960, qrSize: 200 }],
      '邀请二维码背景',
    ],
    car_purchase_invite: [
      {
        enabled: true,
        title: '邀请好友购车',
        posterUrl: `${cdn}/invite/car.png`,
        rules: ['好友通过邀请链接下定', '好友提车后双方获得积分'],
        rewardDescription: '每邀请成功一位好友得 1000 积分',
      },
      '购车邀请',
    ],
    recommended_comments: [['充电速度快', '车位好找', '环境整洁'], '评论推荐短语'],
    virtual_station_online: [{ online: false, stationIds: [] }, '虚拟站开关'],
  };
  return Object.entries(items)
    .map(([key, [value, comment]]) => ({ key, value: JSON.stringify(value), comment }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
}

const changed = (items: ReleasedItem[]): ReleasedItem[] =>
  items.map((item) => {
    if (item.key === 'recommended_comments') {
      return { ...item, value: JSON.stringify(['充电速度快', '车位好找', '环境整洁', '服务热情']) };
    }
    if (item.key === 'virtual_station_online') {
      return { ...item, value: JSON.stringify({ online: true, stationIds: [] }) };
    }
    return item;
  });

/**
 * The `application` namespace of every tenant's configuration app with an item of every key the spec names
 * and two releases (the second adds a recommended comment and switches the virtual stations on), then one
 * unreleased edit, so the item list, the history and the diff all have something to show.
 */
export async function seedCloudConfig({ tx, random, now }: DemoContext): Promise<void> {
  const hex = () => Array.from({ length: 16 }, () => Math.floor(random() * 16).toString(16)).join('');
  const stamp = (at: Date) => at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  for (const tenant of TENANTS) {
    const [namespace] = await tx
      .insert(configNamespaces)
      .values({
        tenant,
        namespaceName: DEFAULT_NAMESPACE,
        comment: '分享模板与海报图片',
        notificationId: 2,
        createdBy: `${tenant}-admin`,
        createTime: new Date(now.getTime() - 72 * HOUR),
      })
      .returning();
    const first = firstItems(tenant);
    const second = changed(first);
    const releases = [
      {
        items: first,
        at: new Date(now.getTime() - 48 * HOUR),
        title: '首次发布',
        comment: '上线分享与海报配置',
      },
      {
        items: second,
        at: new Date(now.getTime() - 24 * HOUR),
        title: '开放虚拟站',
        comment: '新增评论短语',
      },
    ];
    for (const [index, release] of releases.entries()) {
      await tx.insert(configReleases).values({
        namespaceId: namespace!.namespaceId,
        tenant,
        notificationId: index + 1,
        releaseKey: `${stamp(release.at)}-${hex()}`,
        releaseTitle: release.title,
        releaseComment: release.comment,
        items: release.items,
        releasedBy: `${tenant}-operator`,
        releasedAt: release.at,
      });
    }
    const editedAt = new Date(now.getTime() - 2 * HOUR);
    await tx.insert(configItems).values(
      second.map((item) => {
        const edited = item.key === 'qrcode_backgrounds';
        return {
          namespaceId: namespace!.namespaceId,
          ...item,
          value: edited
            ? JSON.stringify([
                ...(JSON.parse(item.value) as unknown[]),
                { backgroundUrl: `/demo/${tenant}/qrcode/bg-2.png`, qrX: 275, qrY: 900, qrSize: 220 },
              ])
            : item.value,
          version: edited ? 2 : 1,
          createdBy: `${tenant}-operator`,
          createTime: new Date(now.getTime() - 48 * HOUR),
          modifiedBy: `${tenant}-operator`,
          modifiedAt: edited ? editedAt : new Date(now.getTime() - 48 * HOUR),
        };
      }),
    );
  }
}
