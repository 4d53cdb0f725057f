import { z } from 'zod';
import type { MaxLength } from '../shared/form-rules.js';

/** Text a form may leave empty: trimmed, and empty becomes null so the column is cleared, not blanked. */
export const optionalText = (max: MaxLength) =>
  z
    .string()
    .trim()
    .max(max, { error: 'form.maxLength' })
    .transform((v) => (v === '' ? null : v))
    .nullish();

export const requiredText = (max: MaxLength) =>
  z.string().trim().min(1, { error: 'form.required' }).max(max, { error: 'form.maxLength' });

export const LongitudeSchema = z
  .number()
  .min(-180, { error: 'form.minNumber' })
  .max(180, { error: 'form.maxNumber' });
export const LatitudeSchema = z
  .number()
  .min(-90, { error: 'form.minNumber' })
  .max(90, { error: 'form.maxNumber' });

export const ResourceIdParam = z.object({ resourceId: z.string().min(1).max(64) });

/** Milliseconds since the epoch: the wire form of every time of this area. */
export const EpochMs = z.number().int();

/** Extra data a change carries into its operation record, e.g. the worksheet it was made for. */
export const OperationExtDataSchema = z
  .object({ worksheet_id: z.union([z.string().max(64), z.number().int()]).optional() })
  .catchall(z.unknown())
  .nullish();
export type OperationExtData = z.infer<typeof OperationExtDataSchema>;
