import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { ClientCode } from '@cmp/domain/shared/clients';
import { storeFile } from '../modules/files/files.service.js';
import { posterResources, posters } from '../modules/posters/posters.tables.js';
import { resources } from '../modules/stations/stations.tables.js';
import { detectFileType } from '../platform/storage/file-type.js';
import type { DemoContext } from './demo-context.js';

const DAY = 86_400_000;

/** A poster's picture: a 750 × 1000 tile (the apps' design width) with its words, as a designer's placeholder. */
const posterSvg = (dark: string, light: string, words: string, sub: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1000">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/>
  </linearGradient></defs>
  <rect width="750" height="1000" fill="url(#g)"/>
  <circle cx="600" cy="180" r="220" fill="#fff" fill-opacity="0.12"/>
  <path d="M390 380 L300 560 L360 560 L330 720 L450 500 L385 500 Z" fill="#fff" fill-opacity="0.85"/>
  <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#fff">
    <text x="60" y="850" font-size="72" font-weight="bold">${words}</text>
    <text x="60" y="920" font-size="36" fill-opacity="0.85">${sub}</text>
  </g>
</svg>`;

interface DemoPoster {
  posterName: string;
  ruleId: number;
  client: 'main' | ClientCode;
  visible: boolean;
  priority: number;
  /** Days from now to its begin and its end. */
  window: [number, number];
  picture: number;
  linkType: number;
  linkUrl?: string;
  title?: string;
  subTitle?: string;
  regionInfo?: string[];
  videoTitle?: string;
  videoUrl?: string;
  isPush?: boolean;
  pushTitle?: string;
  /** How it is tied to stations, and how many charge stations are bound when some are. */
  binding?: { configType: 'ChargeStation' | 'PowerSwap'; resourceScope: 'all' | 'part'; stations?: number };
}

const PICTURES = [
  {
    name: 'summer.png',
    colors: ['#0958d9', '#69b1ff'],
    words: 'SUMMER CHARGE',
    sub: 'Night charging 20% off',
  },
  {
    name: 'swap.png',
    colors: ['#08979c', '#5cdbd3'],
    words: 'SWAP IN 3 MIN',
    sub: 'Power swap stations near you',
  },
  { name: 'station.png', colors: ['#d46b08', '#ffc069'], words: 'NEW STATION', sub: 'Opening week gifts' },
  {
    name: 'video.png',
    colors: ['#531dab', '#b37feb'],
    words: 'WATCH THE FILM',
    sub: 'How our network works',
  },
] as const;

const POSTERS: DemoPoster[] = [
  {
    posterName: '开屏 · 夏季充电节',
    ruleId: 1,
    client: 'main',
    visible: true,
    priority: 0,
    window: [-3, 27],
    picture: 0,
    linkType: 1,
    linkUrl: 'https://h5.example.com/summer',
    isPush: true,
    pushTitle: '夏季充电节开始了',
  },
  {
    posterName: '首页横幅 · 夜间充电八折',
    ruleId: 2,
    client: 'main',
    visible: true,
    priority: 10,
    window: [-10, 20],
    picture: 0,
    linkType: 2,
    linkUrl: 'app://activities/summer',
    title: '夜间充电八折',
    subTitle: '23:00 至次日 07:00',
  },
  {
    posterName: '首页横幅 · 上海新站',
    ruleId: 2,
    client: 'main',
    visible: true,
    priority: 20,
    window: [-1, 14],
    picture: 2,
    linkType: 0,
    title: '上海新站开业',
    regionInfo: ['310000'],
  },
  {
    posterName: '站点详情 · 开业有礼',
    ruleId: 4,
    client: 'main',
    visible: true,
    priority: 5,
    window: [-2, 30],
    picture: 2,
    linkType: 1,
    linkUrl: 'https://h5.example.com/opening',
    binding: { configType: 'ChargeStation', resourceScope: 'part', stations: 6 },
  },
  {
    posterName: '换电完成 · 换电三分钟',
    ruleId: 6,
    client: 'main',
    visible: true,
    priority: 99,
    window: [-5, 60],
    picture: 1,
    linkType: 4,
    videoTitle: '三分钟换电',
    videoUrl: 'https://video.example.com/swap-in-3-minutes.mp4',
    binding: { configType: 'PowerSwap', resourceScope: 'all' },
  },
  {
    posterName: '充电完成 · 品牌短片',
    ruleId: 5,
    client: 'pe_wx_mini',
    visible: false,
    priority: 99,
    window: [3, 33],
    picture: 3,
    linkType: 4,
    videoTitle: '品牌短片',
    videoUrl: 'https://video.example.com/brand-film.mp4',
  },
  {
    posterName: '地图弹窗 · 春节出行（已结束）',
    ruleId: 3,
    client: 'main',
    visible: true,
    priority: 30,
    window: [-60, -30],
    picture: 0,
    linkType: 1,
    linkUrl: 'https://h5.example.com/spring',
    binding: { configType: 'ChargeStation', resourceScope: 'part', stations: 3 },
  },
];

const MAIN_CLIENT: Record<Tenant, ClientCode> = { nio: 'nio_app', pe: 'pe_app', rsc: 'rsc_feishu_mini' };

/**
 * Posters of every tenant: each trigger, shown now, coming, ended and hidden, for every region or Shanghai,
 * not tied to stations, tied to every swap station or bound to some charge stations, with placeholder
 * pictures stored as the tenant's uploads, so the poster screens and the apps' read open on believable rows.
 */
export async function seedPosters({ tx, storage, now }: DemoContext): Promise<void> {
  const images = await Promise.all(
    PICTURES.map(async (p) => ({
      name: p.name,
      data: await sharp(Buffer.from(posterSvg(p.colors[0], p.colors[1], p.words, p.sub)))
        .png()
        .toBuffer(),
    })),
  );
  const stationIds = (
    await tx
      .select({ resourceId: resources.resourceId })
      .from(resources)
      .where(eq(resources.resourceType, 'ChargeStation'))
      .orderBy(asc(resources.resourceId))
      .limit(40)
  ).map((row) => row.resourceId);
  for (const [t, tenant] of TENANTS.entries()) {
    const urls: string[] = [];
    for (const image of images) {
      const stored = await storeFile(tx, storage, {
        owner: tenant,
        name: image.name,
        data: image.data,
        type: detectFileType(image.data, image.name)!,
        createdBy: null,
      });
      urls.push(stored.url);
    }
    for (const [i, poster] of POSTERS.entries()) {
      const created = new Date(now.getTime() - (70 - i * 5 - t) * DAY);
      const [row] = await tx
        .insert(posters)
        .values({
          tenant,
          posterName: poster.posterName,
          clientCode: poster.client === 'main' ? MAIN_CLIENT[tenant] : poster.client,
          ruleId: poster.ruleId,
          visible: poster.visible,
          priority: poster.priority,
          image: urls[poster.picture]!,
          linkType: poster.linkType,
          linkUrl: poster.linkUrl ?? null,
          title: poster.title ?? null,
          subTitle: poster.subTitle ?? null,
          showTimeBegin: new Date(now.getTime() + poster.window[0] * DAY),
          showTimeEnd: new Date(now.getTime() + poster.window[1] * DAY),
          regionInfo: poster.regionInfo ?? [],
          videoTitle: poster.videoTitle ?? null,
          videoUrl: poster.videoUrl ?? null,
          isPush: poster.isPush ?? false,
          pushTitle: poster.pushTitle ?? null,
          configType: poster.binding?.configType ?? null,
          resourceScope: poster.binding?.resourceScope ?? null,
          creatorId: 0,
          creatorName: `${tenant}-operator`,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ posterId: posters.posterId });
      const count = poster.binding?.stations ?? 0;
      if (count > 0) {
        const start = (i * 7 + t * 3) % Math.max(1, stationIds.length - count);
        await tx.insert(posterResources).values(
          stationIds.slice(start, start + count).map((resourceId) => ({
            tenant,
            posterId: row!.posterId,
            resourceId,
            createdAt: created,
          })),
        );
      }
    }
  }
}
