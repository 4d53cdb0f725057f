import { z } from 'zod';

/** A new poster sorts last among hand-ordered ones and stays hidden until staff publish it. */
export const POSTER_DEFAULT_PRIORITY = 99;
export const POSTER_DEFAULT_VISIBLE = false;

export const PosterDisplaySchema = z.object({
  visible: z.boolean().default(POSTER_DEFAULT_VISIBLE),
  priority: z.number().int().min(0).default(POSTER_DEFAULT_PRIORITY),
});
export type PosterDisplay = z.infer<typeof PosterDisplaySchema>;

/** The poster resource list (stations a poster is shown at) pages by 20. */
export const POSTER_RESOURCE_PAGE_SIZE = 20 as const;

export const SHARE_PICTURE_MAX = 5;
export const SharePicturesSchema = z
  .array(z.string().min(1))
  .max(SHARE_PICTURE_MAX, { error: 'sharePictures.tooMany' });
