import { z } from 'zod';
import { integer, isWebLink, text, trimmedText } from '../shared/input.js';

/**
 * An article's postContent (spec M3.6.4, docs/decisions.md "Forum"): JSON of sections in the order the app
 * shows them, with the article's cover and its video list. Each section's `sectionType` says which of its
 * fields carries it: text (content with annotations), image, video, poi (a place) or power (a station card).
 */
const WebLink = text(1024).refine(isWebLink, { error: 'forum.badLink' });

export const ANNOTATION_TYPES = ['topic', 'mention', 'link', 'bold'] as const;
/** A run of a text section's content the app shows specially: a topic, an @mention, a link, bold. */
export const AnnotationSchema = z
  .object({
    type: z.enum(ANNOTATION_TYPES, { error: 'form.invalidOption' }),
    /** The run in UTF-16 code units: content.slice(start, end). */
    start: integer({ min: 0, max: 20_000 }),
    end: integer({ min: 1, max: 20_000 }),
    /** What the run points at: a topic id, an account id, an address. */
    value: text(1024).optional(),
  })
  .refine((a) => a.end > a.start, { error: 'forum.badAnnotation', path: ['end'] });
export type Annotation = z.infer<typeof AnnotationSchema>;

export const ImageSchema = z.object({
  url: WebLink,
  width: integer({ min: 1, max: 20_000 }).optional(),
  height: integer({ min: 1, max: 20_000 }).optional(),
  description: text(255).optional(),
});
export type PostImage = z.infer<typeof ImageSchema>;

/** A video as the spec names its fields (video_url, cover_url). */
export const VideoSchema = z.object({ video_url: WebLink, cover_url: WebLink.optional() });
export type PostVideo = z.infer<typeof VideoSchema>;

export const PoiSchema = z.object({
  name: trimmedText(128).min(1, { error: 'form.required' }),
  address: text(255).optional(),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
});
export type PostPoi = z.infer<typeof PoiSchema>;

export const POWER_TYPES = ['charge', 'swap'] as const;
/** A station card: the app opens the station from it. */
export const PowerSchema = z.object({
  resourceId: trimmedText(64).min(1, { error: 'form.required' }),
  resourceName: trimmedText(128).min(1, { error: 'form.required' }),
  powerType: z.enum(POWER_TYPES, { error: 'form.invalidOption' }).default('charge'),
  address: text(255).optional(),
});
export type PostPower = z.infer<typeof PowerSchema>;

export const SECTION_TYPES = ['text', 'image', 'video', 'poi', 'power'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const SectionSchema = z.discriminatedUnion(
  'sectionType',
  [
    z.object({
      sectionType: z.literal('text'),
      content: text(10_000),
      annotations: z.array(AnnotationSchema).max(200).default([]),
    }),
    z.object({ sectionType: z.literal('image'), image: ImageSchema }),
    z.object({ sectionType: z.literal('video'), video: VideoSchema }),
    z.object({ sectionType: z.literal('poi'), poi: PoiSchema }),
    z.object({ sectionType: z.literal('power'), power: PowerSchema }),
  ],
  { error: 'forum.badSection' },
);
export type PostSection = z.infer<typeof SectionSchema>;

export const ArticleContentSchema = z
  .object({
    sections: z.array(SectionSchema).min(1, { error: 'form.required' }).max(200),
    cover: ImageSchema.nullish(),
    videoList: z.array(VideoSchema).max(20).default([]),
  })
  .superRefine((article, ctx) => {
    article.sections.forEach((section, index) => {
      if (section.sectionType !== 'text') return;
      section.annotations.forEach((a, at) => {
        if (a.end > section.content.length) {
          ctx.addIssue({
            code: 'custom',
            message: 'forum.badAnnotation',
            path: ['sections', index, 'annotations', at, 'end'],
          });
        }
      });
    });
  });
export type ArticleContent = z.infer<typeof ArticleContentSchema>;
export type ArticleContentInput = z.input<typeof ArticleContentSchema>;

/** The words of an article a reader reads: its text sections, its places and stations named. */
export function articleText(article: ArticleContent): string {
  return article.sections
    .map((s) => {
      switch (s.sectionType) {
        case 'text':
          return s.content;
        case 'image':
          return s.image.description ?? '';
        case 'poi':
          return `${s.poi.name} ${s.poi.address ?? ''}`;
        case 'power':
          return s.power.resourceName;
        default:
          return '';
      }
    })
    .filter((t) => t.length > 0)
    .join('\n');
}

/** An article's stored postContent read back (null when it is not an article's JSON). */
export function parseArticle(postContent: string): ArticleContent | null {
  try {
    const parsed = ArticleContentSchema.safeParse(JSON.parse(postContent));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
