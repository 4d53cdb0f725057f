import { z } from 'zod';
import { isPhoneNumber, type MaxLength } from '../shared/form-rules.js';
import { EPOCH_MS, INT8, integer, jsonCheck, text, trimmedText } from '../shared/input.js';

/** Text a form may leave empty: trimmed, and empty becomes null so the column is cleared, not blanked. */
export const optionalText = (max: MaxLength) =>
  trimmedText(max)
    .transform((v) => (v === '' ? null : v))
    .nullish();

/** A service phone a form may leave empty (`isPhoneNumber`). */
export const optionalPhone = () =>
  optionalText(32).refine((v) => v === null || v === undefined || isPhoneNumber(v), { error: 'form.phone' });

export const requiredText = (max: MaxLength) => trimmedText(max).min(1, { error: 'form.required' });

export const LongitudeSchema = z
  .number()
  .min(-180, { error: 'form.minNumber' })
  .max(180, { error: 'form.maxNumber' });
export const LatitudeSchema = z
  .number()
  .min(-90, { error: 'form.minNumber' })
  .max(90, { error: 'form.maxNumber' });

/** A station's id as requests name it. */
export const ResourceIdSchema = text(64).min(1);
export const ResourceIdParam = z.object({ resourceId: ResourceIdSchema });

/** Milliseconds since the epoch: the wire form of every time of this area. */
export const EpochMs = integer(EPOCH_MS);

/** Extra data a change carries into its operation record, e.g. the worksheet it was made for. */
export const OperationExtDataSchema = z
  .object({ worksheet_id: z.union([text(64), integer(INT8)]).optional() })
  .catchall(z.unknown())
  .check(jsonCheck())
  .nullish();
export type OperationExtData = z.infer<typeof OperationExtDataSchema>;
