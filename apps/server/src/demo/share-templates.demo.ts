import sharp from 'sharp';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { ShareType } from '@cmp/domain/share-templates/share-templates';
import { storeFile } from '../modules/files/files.service.js';
import { shareTemplatePictures, shareTemplates } from '../modules/share-templates/share-templates.tables.js';
import { detectFileType } from '../platform/storage/file-type.js';
import type { DemoContext } from './demo-context.js';

const DAY = 86_400_000;

/** A share card's picture: a coloured tile with its words, as a designer's placeholder. */
const cardSvg = (
  color: string,
  words: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="400">
  <rect width="500" height="400" fill="${color}"/>
  <circle cx="400" cy="90" r="120" fill="#fff" fill-opacity="0.12"/>
  <path d="M70 250 L140 110 L170 200 L230 150 L300 250 Z" fill="#fff" fill-opacity="0.3"/>
  <text x="60" y="330" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="44" font-weight="bold" fill="#fff">${words}</text>
</svg>`;

const PICTURES = [
  { color: '#1677ff', words: 'Charge and Go', name: 'charge-go.png' },
  { color: '#13a8a8', words: 'Group Chat', name: 'group-chat.png' },
  { color: '#fa8c16', words: 'Invite Friends', name: 'invite.png' },
] as const;

interface DemoTemplate {
  shareType: ShareType;
  shareInfoId: string;
  shareTitle: string;
  description: string | null;
  landingPage: string;
  /** Indexes into PICTURES, in the card's order. */
  pictures: number[];
}

const TEMPLATES: readonly DemoTemplate[] = [
  {
    shareType: 'activity',
    shareInfoId: 'double-festival-charge',
    shareTitle: '双旦充电节：充电享八折',
    description: '12月20日至1月3日，全国超充站电费八折，邀好友一起来充。',
    landingPage: 'https://h5.example.com/activity/double-festival',
    pictures: [0, 2],
  },
  {
    shareType: 'group_invite',
    shareInfoId: 'station-group-invite',
    shareTitle: '加入场站车友群',
    description: '排队提醒、站点动态，和同站车主一起聊。',
    landingPage: 'https://h5.example.com/group/invite',
    pictures: [1],
  },
  {
    shareType: 'invite_register',
    shareInfoId: 'invite-register',
    shareTitle: '送你一张充电券',
    description: '注册即得 5 元充电券，首充再返积分。',
    landingPage: 'https://h5.example.com/invite/register',
    pictures: [2, 0, 1],
  },
  {
    shareType: 'station',
    shareInfoId: 'station-card',
    shareTitle: '这个充电站不错',
    description: null,
    landingPage: 'https://h5.example.com/station',
    pictures: [],
  },
];

/**
 * Share templates of every tenant: an activity, a group invitation, an invite to register and a station
 * card, with placeholder pictures stored as the tenant's uploads, so the template screens and the apps'
 * share read open on believable rows.
 */
export async function seedShareTemplates({ tx, storage, now }: DemoContext): Promise<void> {
  const images = await Promise.all(
    PICTURES.map(async (p) => ({
      ...p,
      data: await sharp(Buffer.from(cardSvg(p.color, p.words)))
        .png()
        .toBuffer(),
    })),
  );
  for (const [t, tenant] of TENANTS.entries()) {
    const files: string[] = [];
    for (const image of images) {
      const stored = await storeFile(tx, storage, {
        owner: tenant as Tenant,
        name: image.name,
        data: image.data,
        type: detectFileType(image.data, image.name)!,
        createdBy: null,
      });
      files.push(stored.fileId);
    }
    for (const [i, template] of TEMPLATES.entries()) {
      const created = new Date(now.getTime() - (40 - i * 7 - t) * DAY);
      const [row] = await tx
        .insert(shareTemplates)
        .values({
          tenant,
          shareType: template.shareType,
          shareInfoId: template.shareInfoId,
          shareTitle: template.shareTitle,
          description: template.description,
          landingPage: template.landingPage,
          creator: `${tenant}-operator`,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: shareTemplates.shareTempletId });
      if (template.pictures.length > 0) {
        await tx.insert(shareTemplatePictures).values(
          template.pictures.map((picture, position) => ({
            shareTempletId: row!.id,
            position,
            fileId: files[picture]!,
          })),
        );
      }
    }
  }
}
