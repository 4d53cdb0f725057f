import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';
import { ExportOptionsSchema } from '../platform/export.js';
import { PageQuery, pageOf } from '../platform/paging.js';
import { trimmedText } from '../shared/input.js';
import { AccountIdSchema } from './account-contracts.js';

/**
 * A personal car is bound to its account until the user unbinds it in the app; the spec does not show the
 * values (C4.18, docs/decisions.md "Accounts and app users"). An unbound car stays as its record.
 */
export const BINDING_STATUSES = ['bound', 'unbound'] as const;
export const BindingStatusSchema = z.enum(BINDING_STATUSES);
export type BindingStatus = z.infer<typeof BindingStatusSchema>;
export const BINDING_STATUS_LABELS = {
  bound: 'bindingStatus.bound',
  unbound: 'bindingStatus.unbound',
} as const satisfies Record<BindingStatus, MessageKey>;

/** A personal car (spec C3.10.6): capacities in Ah and kWh, the rated range in km, times in epoch ms. */
export const PersonalCarSchema = z.object({
  userId: z.string(),
  vehicleId: z.string(),
  plateNumber: z.string().nullable(),
  color: z.string().nullable(),
  modelId: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  modelSeries: z.string().nullable(),
  ratedCapacityInAh: z.number().nullable(),
  ratedCapacityInKwh: z.number().nullable(),
  ratedRange: z.number().int().nullable(),
  bindingStatus: BindingStatusSchema,
  isPmSupported: z.boolean(),
  isPsSupported: z.boolean(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type PersonalCar = z.infer<typeof PersonalCarSchema>;

/** `GET /accounts/{id}/cars` (vehicle users/{id}/my-cars): bound cars first, then by when they were bound. */
export const PersonalCarListSchema = z.object({ items: z.array(PersonalCarSchema) });
export type PersonalCarList = z.infer<typeof PersonalCarListSchema>;

/** A car of the personal car list, with its owner's names to read the list by. */
export const PersonalCarItemSchema = PersonalCarSchema.extend({
  ownerName: z.string().nullable(),
  ownerNickName: z.string().nullable(),
});
export type PersonalCarItem = z.infer<typeof PersonalCarItemSchema>;

export const PERSONAL_CAR_SORTABLE = ['createTime', 'updateTime', 'plateNumber'] as const;
export const DEFAULT_PERSONAL_CAR_SORT = 'updateTime:desc';

/** The personal car list's filter: one account's cars, a plate's beginning, a binding status, a model. */
export const PersonalCarFilterSchema = z.object({
  sort: trimmedText(100).optional(),
  userId: AccountIdSchema.optional(),
  plateNumber: trimmedText(16).optional(),
  bindingStatus: BindingStatusSchema.optional(),
  model: trimmedText(64).optional(),
});
export type PersonalCarFilter = z.infer<typeof PersonalCarFilterSchema>;

export const PersonalCarListQuerySchema = PageQuery.extend(PersonalCarFilterSchema.shape);
export type PersonalCarListQuery = z.infer<typeof PersonalCarListQuerySchema>;
export type PersonalCarListRequest = z.input<typeof PersonalCarListQuerySchema>;
export const PersonalCarPageSchema = pageOf(PersonalCarItemSchema);
export type PersonalCarPage = z.infer<typeof PersonalCarPageSchema>;

/** `GET /personal-cars/export`: the list's filter and order, the file's format and columns. */
export const PersonalCarExportQuerySchema = PersonalCarFilterSchema.extend(ExportOptionsSchema.shape);
