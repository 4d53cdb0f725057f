import { z } from 'zod';
import type { RuleMessage } from '../messages/format.js';
import { INT4, integer, isWebLink, jsonCheck, text, type JsonLimits } from '../shared/input.js';
import { ruleMessageOfIssue } from '../shared/zod-issues.js';

/**
 * The shapes of the values of the keys the spec names (marketing §7 "Cloud configuration": share templates
 * and poster pictures — profile recommend, QR-code backgrounds, car purchase invite, recommended comments,
 * virtual station online). The spec gives the keys but not their values' fields; these are ours
 * (docs/decisions.md "Cloud configuration"). Any other key holds any JSON within `FREE_VALUE_LIMITS`.
 */

/** A picture or a page the apps open: an absolute http(s) address or a path on the portal's own host. */
const Link = text(1024)
  .min(1, { error: 'form.required' })
  .refine((v) => isWebLink(v) || v.startsWith('/'), { error: 'cloudConfig.badLink' });
const Label = (max: number) => text(max).min(1, { error: 'form.required' });
/** Pixels on the apps' 750-wide design (marketing §9). */
const DesignPixels = (max: number) => integer({ min: 0, max });

/** The share pictures of one template: at most 5 (marketing §9). */
export const SHARE_PICTURE_MAX = 5;

export const ShareTemplatesValue = z
  .array(
    z.object({
      /** The `share_templet_id` the H5 share page reads. */
      shareTempletId: integer({ min: 1, max: INT4.max }),
      shareType: Label(64),
      title: Label(100),
      description: text(500).optional(),
      pictures: z.array(Link).max(SHARE_PICTURE_MAX, { error: 'cloudConfig.tooManyPictures' }),
      landingPage: Link.optional(),
    }),
  )
  .max(50, { error: 'cloudConfig.tooManyEntries' });

export const PosterPicturesValue = z
  .array(
    z.object({
      /** Where the apps show it (a trigger rule's code, `splash`, `home_banner`, ...). */
      position: Label(64),
      pictureUrl: Link,
      linkUrl: Link.optional(),
    }),
  )
  .max(100, { error: 'cloudConfig.tooManyEntries' });

export const ProfileRecommendValue = z
  .array(
    z.object({
      title: Label(64),
      pictureUrl: Link,
      linkUrl: Link,
      /** Smaller first. */
      sort: integer({ min: 0, max: 9999 }),
    }),
  )
  .max(20, { error: 'cloudConfig.tooManyEntries' });

export const QrcodeBackgroundsValue = z
  .array(
    z.object({
      backgroundUrl: Link,
      /** Where the QR code sits on the background, and its side, on the 750-wide design. */
      qrX: DesignPixels(750),
      qrY: DesignPixels(10_000),
      qrSize: integer({ min: 1, max: 750 }),
    }),
  )
  .max(20, { error: 'cloudConfig.tooManyEntries' });

export const CarPurchaseInviteValue = z.object({
  enabled: z.boolean(),
  title: Label(100),
  posterUrl: Link,
  rules: z.array(Label(200)).max(20, { error: 'cloudConfig.tooManyEntries' }),
  rewardDescription: text(200).optional(),
});

/** Phrases the apps offer a user writing a station comment. */
export const RecommendedCommentsValue = z.array(Label(200)).max(50, { error: 'cloudConfig.tooManyEntries' });

export const VirtualStationOnlineValue = z.object({
  online: z.boolean(),
  /** The virtual stations this applies to; empty for every one. */
  stationIds: z.array(Label(64)).max(1000, { error: 'cloudConfig.tooManyEntries' }),
});

export const KNOWN_CONFIG_KEYS = [
  'share_templates',
  'poster_pictures',
  'profile_recommend',
  'qrcode_backgrounds',
  'car_purchase_invite',
  'recommended_comments',
  'virtual_station_online',
] as const;
export type KnownConfigKey = (typeof KNOWN_CONFIG_KEYS)[number];

export const CONFIG_VALUE_SHAPES: Readonly<Record<KnownConfigKey, z.ZodType>> = {
  share_templates: ShareTemplatesValue,
  poster_pictures: PosterPicturesValue,
  profile_recommend: ProfileRecommendValue,
  qrcode_backgrounds: QrcodeBackgroundsValue,
  car_purchase_invite: CarPurchaseInviteValue,
  recommended_comments: RecommendedCommentsValue,
  virtual_station_online: VirtualStationOnlineValue,
};

export const isKnownConfigKey = (key: string): key is KnownConfigKey =>
  (KNOWN_CONFIG_KEYS as readonly string[]).includes(key);

/** The value text's length: a namespace is read whole by every app, so no one value may be huge. */
export const CONFIG_VALUE_MAX_LENGTH = 65_536;
/** What a key without a shape of its own may hold. */
export const FREE_VALUE_LIMITS: JsonLimits = { maxDepth: 8, maxSize: CONFIG_VALUE_MAX_LENGTH };
const FreeValue = z.unknown().check(jsonCheck(FREE_VALUE_LIMITS));

/** One problem of a value: where inside the JSON (empty for the value as a whole) and what. */
export interface ConfigValueProblem {
  path: (string | number)[];
  message: RuleMessage;
}

/**
 * Every problem of a value for its key: not JSON at all, or JSON outside the key's shape. Pure, so the
 * server's contract and the web's editor say the same words.
 */
export function configValueProblems(key: string, value: string): ConfigValueProblem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [{ path: [], message: { key: 'cloudConfig.invalidJson' } }];
  }
  const shape = isKnownConfigKey(key) ? CONFIG_VALUE_SHAPES[key] : FreeValue;
  const result = shape.safeParse(parsed);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    message: ruleMessageOfIssue(issue),
  }));
}

/** The value laid out for reading and editing: two spaces a level; as given when it is not JSON. */
export function prettyConfigValue(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}
