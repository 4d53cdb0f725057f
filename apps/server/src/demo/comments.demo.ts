import { asc, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { CommentPicture } from '@cmp/domain/comments/comment-contracts';
import { PICTURE_SCENES } from '@cmp/domain/stations/pictures';
import { auditRecords } from '../platform/audit/audit.tables.js';
import { newKeyPair } from '../platform/signed-clients/signing-keys.js';
import { signedClients } from '../platform/signed-clients/signed-clients.tables.js';
import { COMMENT_ENTITY } from '../modules/comments/comment-operations.repo.js';
import {
  prepareCommentPictures,
  storeCommentPictures,
} from '../modules/comments/comment-pictures.service.js';
import { COMMENT_VENDOR_CLIENT } from '../modules/comments/comment-vendors.service.js';
import { commentReplies, comments, commentVendors } from '../modules/comments/comments.tables.js';
import { resources } from '../modules/stations/stations.tables.js';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { staffUsers } from '../modules/staff/staff.tables.js';
import { demoAccountId } from './accounts.demo.js';
import { insertJsonRows } from './bulk-insert.js';
import type { DemoContext, DemoSize } from './demo-context.js';
import { placeholderSvg } from './station-pictures.demo.js';
import { pick } from './random.js';

const COMMENTS: Record<DemoSize, number> = { small: 20_000, large: 200_000 };
/** The commenters: the first accounts of each tenant's demo accounts (ACC100000 on). */
export const COMMENT_ACCOUNTS: Record<DemoSize, number> = { small: 6_000, large: 60_000 };
const BATCH = 5_000;
const DAY = 86_400_000;

const VEHICLES = ['ES6', 'ES8', 'ET5', 'ET7', 'EC6', 'L60', 'ET5T', '萤火虫'];

/** What users write, by rating: the best first. */
const TEXTS: Record<number, readonly string[]> = {
  5: [
    '充电很快，车位也好找，点赞！',
    '换电三分钟搞定，体验非常好',
    '环境干净，有休息室，下次还来',
    '桩很新，功率足，服务人员很热情',
  ],
  4: [
    '整体不错，就是晚上灯光有点暗',
    '充电速度可以，停车费稍贵',
    '位置好找，偶尔需要排队',
    '换电顺利，等了十分钟左右',
  ],
  3: [
    '一般，有一个桩坏了没人修',
    '车位经常被油车占，希望管理一下',
    '充电功率没有标称的那么高',
    '导航位置有偏差，找了半天',
  ],
  2: ['排队太久，等了四十分钟', '两个枪都不能用，白跑一趟', '收费不透明，和 App 显示的不一致'],
  1: ['完全不能充电，客服电话打不通', '场站关门了，App 上还显示营业', '充电中途断电两次，体验很差'],
};
const TAGS: Record<number, readonly string[]> = {
  5: ['充电快', '服务好', '环境好', '车位充足'],
  4: ['位置好找', '充电快', '价格合理'],
  3: ['需排队', '车位被占'],
  2: ['设备故障', '需排队', '收费贵'],
  1: ['设备故障', '无法充电', '信息不准'],
};
const REPLIES = [
  '感谢您的反馈，我们已通知场站尽快处理。',
  '非常抱歉给您带来不便，故障桩已安排维修。',
  '感谢您的认可，我们会继续努力！',
  '已联系物业加强车位管理，感谢您的建议。',
];
const RATINGS: readonly (readonly [number, number])[] = [
  [5, 0.45],
  [4, 0.3],
  [3, 0.12],
  [2, 0.07],
  [1, 0.06],
];
const CLIENTS: Record<Tenant, readonly string[]> = {
  nio: ['nio_app', 'nio_app', 'titan_app'],
  pe: ['pe_app', 'pe_wx_mini', 'pe_alipay_mini'],
  rsc: ['rsc_feishu_mini', 'other'],
};
const TENANT_SHARE: readonly (readonly [Tenant, number])[] = [
  ['nio', 0.65],
  ['pe', 0.25],
  ['rsc', 0.1],
];

function weighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  let draw = random();
  for (const [value, weight] of choices) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return choices.at(-1)![0];
}

/** Two demo pictures per tenant, stored once and shown on every comment that has pictures. */
async function demoPictures({ tx, storage }: DemoContext, tenant: Tenant): Promise<CommentPicture[]> {
  const scenes = [
    { id: PICTURE_SCENES.charger, label: 'CHARGER', colors: ['#15803d', '#86efac'] as [string, string] },
    { id: PICTURE_SCENES.parking, label: 'PARKING', colors: ['#0f766e', '#5eead4'] as [string, string] },
  ];
  const images = await Promise.all(
    scenes.map(async (scene) => ({
      name: scene.label.toLowerCase(),
      data: (
        await sharp(Buffer.from(placeholderSvg(scene)))
          .jpeg()
          .toBuffer()
      ).toString('base64'),
    })),
  );
  return storeCommentPictures(tx, storage, tenant, await prepareCommentPictures(images));
}

/**
 * User comments on the demo network, as vendors would have sent them over the past year: one vendor per
 * tenant, ratings mostly good, Chinese texts and tags that fit the rating, a few pictures, and staff's
 * marks and official replies with their operation records. The stations' comment counts follow.
 */
export async function seedComments(context: DemoContext): Promise<void> {
  const { tx, random, size, now } = context;
  const stations = await tx
    .select({ resourceId: resources.resourceId, resourceType: resources.resourceType })
    .from(resources)
    .where(inArray(resources.resourceType, ['ChargeStation', 'PowerSwap']))
    .orderBy(asc(resources.resourceId));
  if (stations.length === 0) return;
  const [staff] = await tx
    .select()
    .from(staffUsers)
    .where(inArray(staffUsers.userName, ['ops-all']))
    .limit(1);

  for (const tenant of TENANTS) {
    await tx.insert(signedClients).values({
      clientId: `demo-${tenant}-reviews`,
      kind: COMMENT_VENDOR_CLIENT,
      tenant,
      // Nobody holds the demo vendors' secret: rotating it in the vendor screen gives one.
      publicKey: newKeyPair().publicKey,
    });
    await tx.insert(commentVendors).values({
      applicationId: `demo-${tenant}-reviews`,
      tenant,
      applicationName: `${tenant.toUpperCase()} 用户评价`,
      description: `${tenant.toUpperCase()} App 与小程序的场站评价`,
      sourceId: `${tenant}_reviews`,
    });
  }
  const pictures = new Map<Tenant, CommentPicture[]>();
  for (const tenant of TENANTS) pictures.set(tenant, await demoPictures(context, tenant));

  const commenters = COMMENT_ACCOUNTS[size];
  const people = Array.from({ length: commenters }, (_, i) => ({
    accountId: demoAccountId(i),
    userRole: pick(random, ['default', 'vehicle_owner', 'vehicle_owner', 'pre_owner']),
    vehicleName: random() < 0.8 ? pick(random, VEHICLES) : null,
  }));
  // Who they are is what the accounts demo made of them in each tenant.
  const named = await tx
    .select({
      tenant: accounts.tenant,
      accountId: accounts.accountId,
      userName: accounts.name,
      userNickname: accounts.nickName,
      userMobile: accounts.mobile,
    })
    .from(accounts)
    .where(sql`${accounts.accountId} = any(${sql.param(people.map((p) => p.accountId))}::text[])`);
  const names = new Map(named.map(({ tenant, accountId, ...name }) => [`${tenant} ${accountId}`, name]));
  const nameOf = (tenant: Tenant, accountId: string) =>
    names.get(`${tenant} ${accountId}`) ?? { userName: null, userNickname: null, userMobile: null };

  const total = COMMENTS[size];
  let made = 0;
  while (made < total) {
    const rows: (typeof comments.$inferInsert)[] = [];
    for (let i = 0; i < Math.min(BATCH, total - made); i++) {
      const n = made + i;
      const tenant = weighted(random, TENANT_SHARE);
      const station = pick(random, stations);
      const person = people[Math.floor(random() * commenters)]!;
      const rating = weighted(random, RATINGS);
      const withText = random() < 0.75;
      const swap = station.resourceType === 'PowerSwap';
      rows.push({
        tenant,
        applicationId: `demo-${tenant}-reviews`,
        externalId: `demo-${n}`,
        resourceId: station.resourceId,
        rating,
        commentaryTime: new Date(now.getTime() - Math.floor(random() * 365 * DAY)),
        commentaryText: withText ? pick(random, TEXTS[rating]!) : null,
        commentaryTags: random() < 0.6 ? [pick(random, TAGS[rating]!)] : [],
        pictures: random() < 0.05 ? pictures.get(tenant)!.slice(0, random() < 0.5 ? 1 : 2) : [],
        ...person,
        ...nameOf(tenant, person.accountId),
        client: pick(random, CLIENTS[tenant]),
        chargeOrder: random() < 0.8 ? `${swap ? 'SO' : 'CO'}${String(n).padStart(10, '0')}` : null,
        scene: swap ? 'swap' : 'charge',
        quality: rating >= 4 && withText && random() < 0.1 ? 'high' : 'normal',
        thumbs: Math.floor(random() ** 3 * 50),
        top: random() < 0.01,
        focused: rating <= 2 && random() < 0.3,
        droppedByAdmin: random() < 0.02,
        droppedByUser: random() < 0.01,
        chargingSpeed: swap ? null : `${pick(random, [30, 60, 90, 120, 180])} kW`,
      });
    }
    await insertJsonRows(tx, comments, rows);
    made += rows.length;
  }
  const inserted = await tx
    .select({
      commentaryId: comments.commentaryId,
      tenant: comments.tenant,
      rating: comments.rating,
      top: comments.top,
      focused: comments.focused,
      droppedByAdmin: comments.droppedByAdmin,
      commentaryTime: comments.commentaryTime,
    })
    .from(comments)
    .orderBy(asc(comments.commentaryId));
  for (let start = 0; start < inserted.length; start += BATCH) {
    const replies: (typeof commentReplies.$inferInsert)[] = [];
    const records: (typeof auditRecords.$inferInsert)[] = [];
    for (const c of inserted.slice(start, start + BATCH)) {
      const at = new Date(
        Math.min(now.getTime(), c.commentaryTime.getTime() + Math.floor(random() * 3 * DAY)),
      );
      const record = (action: string, before: unknown, after: unknown) =>
        records.push({
          occurredAt: at,
          tenant: c.tenant,
          actorUserId: staff?.id ?? null,
          actorUserName: staff?.userName ?? 'system',
          actorType: staff ? 'staff' : 'system',
          entityType: COMMENT_ENTITY,
          entityId: String(c.commentaryId),
          action,
          before,
          after,
          result: 'success',
        });
      if (c.top) record('TOP_COMMENT', { top: false }, { top: true });
      if (c.focused) record('FOCUSED', { focused: false }, { focused: true });
      if (c.droppedByAdmin) record('HIDE_COMMENT', { droppedByAdmin: false }, { droppedByAdmin: true });
      if (random() < (c.rating <= 3 ? 0.4 : 0.08)) {
        const text = pick(random, REPLIES);
        replies.push({
          commentaryId: c.commentaryId,
          text,
          userId: staff?.id ?? null,
          userName: staff?.displayName ?? '运营',
          createdAt: at,
          updatedAt: at,
        });
        record('CREATE_REPLY', null, { text });
      }
    }
    await insertJsonRows(tx, commentReplies, replies);
    await insertJsonRows(tx, auditRecords, records);
  }
  await tx.execute(sql`
    update ${comments} set reply_number = 1
    where ${comments.commentaryId} in (select ${commentReplies.commentaryId} from ${commentReplies})`);
  await tx.execute(sql`
    update ${resources} set
      commentary_number = counted.n,
      focused_commentary_number = counted.focused
    from (
      select resource_id, count(*)::int as n, (count(*) filter (where focused))::int as focused
      from ${comments} group by resource_id
    ) as counted
    where ${resources.resourceId} = counted.resource_id`);
}
