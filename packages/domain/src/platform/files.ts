import { z } from 'zod';

/** What the upload endpoint answers; `url` is what image controls show. */
export const StoredFile = z.object({
  fileId: z.string(),
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type StoredFile = z.infer<typeof StoredFile>;
