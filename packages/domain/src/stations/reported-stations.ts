import { z } from 'zod';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  pageOf,
} from '../platform/paging.js';
import { EPOCH_MS, INT4, integer, integerParam, isWebLink, text, trimmedText } from '../shared/input.js';
import {
  EpochMs,
  LatitudeSchema,
  LongitudeSchema,
  optionalPhone,
  optionalText,
  requiredText,
} from './contract-fields.js';
import { StationStatusSchema } from './station-status.js';

/** Who a reported station or a crowd-sourced report came from (spec C3.11.9). */
export const REPORTED_STATION_SOURCES = ['nio', 'pe', 'internal', 'staff', 'mini'] as const;
export const ReportedStationSourceSchema = z.enum(REPORTED_STATION_SOURCES);
export type ReportedStationSource = z.infer<typeof ReportedStationSourceSchema>;

/**
 * Review states of a report (the spec does not show them; docs/decisions.md "Reported and crowd-sourced
 * stations"): a report waits, then staff approve or reject it. Only an approved report can go online.
 */
export const REPORT_REVIEW_STATUSES = { pending: 0, approved: 1, rejected: 2 } as const;
export const REPORT_REVIEW_STATUS_VALUES = [0, 1, 2] as const;

/** Whether a report has become a network station. */
export const REPORT_ONLINE_STATUSES = { offline: 0, online: 1 } as const;
export const REPORT_ONLINE_STATUS_VALUES = [0, 1] as const;

/** Ids issued by the network's own station registry carry this marker. */
export const NETWORK_STATION_ID_MARKER = '-NIO-';

/**
 * Putting a crowd-sourced report online links it to a station. A report's id that already is a network
 * station id is that station; any other id gets a station id from the registry.
 */
export const onlineStationId = (reportedId: string): string | undefined =>
  reportedId.includes(NETWORK_STATION_ID_MARKER) ? reportedId : undefined;

// A reported station (运营商上报站点): the spec's virtual-provider station (C3.11.1, /pe-oss/v1/vpc/stations),
// described connector by connector by an operator or staff; docs/decisions.md "One name: reported stations".

/** `electricitySel` when nothing is chosen (spec C3.11.3). */
export const DEFAULT_ELECTRICITY_SEL = '0';

/** A charger of a reported station as the operator describes it. */
export const ReportedStationEquipmentSchema = z.object({
  equipmentId: requiredText(64),
  equipmentType: z.enum(['DC', 'AC']),
  power: z.number().min(0, { error: 'form.minNumber' }).max(1000, { error: 'form.maxNumber' }),
  connectorCount: integer({ min: 1, max: 16 }),
});
export type ReportedStationEquipment = z.infer<typeof ReportedStationEquipmentSchema>;

const Count = integer({ min: 0, max: 10_000 });
const Number0 = z
  .number()
  .min(0, { error: 'form.minNumber' })
  .max(10_000, { error: 'form.maxNumber' })
  .default(0);

/**
 * What staff or an operator enter for a reported station (virtual provider, spec C3.11.1); the numeric
 * power fields default to 0 (C3.11.2) and `electricitySel` to '0' (C3.11.3).
 */
export const ReportedStationFieldsSchema = z.object({
  connectorId: trimmedText(64).regex(/^[A-Za-z0-9_.:-]+$/, { error: 'reportedStations.connectorId' }),
  operatorId: requiredText(64),
  /** A sub-operator of the operator, when the station is run by one. */
  subOperatorId: optionalText(64),
  connectorType: integer({ min: 1, max: 255 }).nullish(),
  equipmentOwnerId: requiredText(64),
  source: ReportedStationSourceSchema.default('staff'),
  stationName: requiredText(128),
  stationId: optionalText(64),
  countryCode: trimmedText(4)
    .regex(/^[A-Z]{2}$/, { error: 'reportedStations.countryCode' })
    .default('CN'),
  areaCode: trimmedText(12).regex(/^\d{6}$/, { error: 'reportedStations.areaCode' }),
  address: requiredText(255),
  serviceTel: optionalPhone(),
  stationType: integer({ min: 1, max: 255 }).nullish(),
  stationStatus: StationStatusSchema.default(50),
  parkNums: Count.nullish(),
  longitude: LongitudeSchema,
  latitude: LatitudeSchema,
  siteGuide: optionalText(512),
  construction: integer({ min: 0, max: 255 }).nullish(),
  businessHours: optionalText(255),
  electricityFee: optionalText(255),
  serviceFee: optionalText(255),
  parkFee: optionalText(255),
  supportOrder: z.boolean().default(false),
  remark: optionalText(512),
  dcPower: Number0,
  dcCurrent: Number0,
  dcEquipmentNumber: Count.default(0),
  acPower: Number0,
  acCurrent: Number0,
  acEquipmentNumber: Count.default(0),
  /** Picture links the operator publishes. */
  pictures: z
    .array(text(1024).refine(isWebLink, { error: 'notification.badUrl' }))
    .max(9, { error: 'form.maxItems' })
    .default([]),
  equipments: z.array(ReportedStationEquipmentSchema).max(200, { error: 'form.maxItems' }).default([]),
  electricitySel: trimmedText(16).default(DEFAULT_ELECTRICITY_SEL),
});
export type ReportedStationFields = z.output<typeof ReportedStationFieldsSchema>;
export type ReportedStationCreate = z.input<typeof ReportedStationFieldsSchema>;

/** `PUT /api/{tenant}/reported-stations/:connectorId`: the fields again (not the key) with the version read. */
export const ReportedStationUpdateSchema = ReportedStationFieldsSchema.omit({ connectorId: true }).extend({
  version: integer({ min: 1, max: INT4.max }),
});
export type ReportedStationUpdate = z.input<typeof ReportedStationUpdateSchema>;

/** A station's connector id in a path (`/reported-stations/:connectorId`). */
export const ReportedStationParamsSchema = z.object({
  connectorId: text(64).min(1, { error: 'form.required' }),
});

/** `DELETE /api/{tenant}/reported-stations/:connectorId?version=N`: the version read, so a stale delete is refused. */
export const ReportedStationDeleteQuerySchema = z.object({
  version: integerParam({ min: 1, max: INT4.max }),
});

/** A reported station as answered (spec C3.11.1). */
export const ReportedStationSchema = z.object({
  connectorId: z.string(),
  operatorId: z.string(),
  operatorName: z.string().nullable(),
  subOperatorId: z.string().nullable(),
  subOperatorName: z.string().nullable(),
  connectorType: z.number().int().nullable(),
  equipmentOwnerId: z.string(),
  equipmentOwnerName: z.string().nullable(),
  source: ReportedStationSourceSchema,
  stationName: z.string(),
  stationId: z.string().nullable(),
  countryCode: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  address: z.string(),
  serviceTel: z.string().nullable(),
  stationType: z.number().int().nullable(),
  stationStatus: StationStatusSchema,
  parkNums: z.number().int().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  siteGuide: z.string().nullable(),
  construction: z.number().int().nullable(),
  businessHours: z.string().nullable(),
  electricityFee: z.string().nullable(),
  serviceFee: z.string().nullable(),
  parkFee: z.string().nullable(),
  supportOrder: z.boolean(),
  remark: z.string().nullable(),
  dcPower: z.number(),
  dcCurrent: z.number(),
  dcEquipmentNumber: z.number().int(),
  acPower: z.number(),
  acCurrent: z.number(),
  acEquipmentNumber: z.number().int(),
  creator: z.string().nullable(),
  createdAt: EpochMs,
  updater: z.string().nullable(),
  updatedAt: EpochMs,
  reviewUser: z.string().nullable(),
  reviewTime: EpochMs.nullable(),
  rejectReason: z.string().nullable(),
  pictures: z.array(z.string()),
  equipments: z.array(ReportedStationEquipmentSchema),
  electricitySel: z.string(),
  version: z.number().int(),
});
export type ReportedStation = z.infer<typeof ReportedStationSchema>;

/** The list answer (C3.11.4), as every list answers: `{ items, total }`. */
export const ReportedStationPageSchema = pageOf(ReportedStationSchema);
export type ReportedStationPage = z.infer<typeof ReportedStationPageSchema>;

export const REPORTED_STATION_SORTABLE = ['createdAt', 'updatedAt', 'stationName'] as const;
export const DEFAULT_REPORTED_STATION_SORT = 'createdAt:desc';

/** The reported station filter (spec C3.11.6): `GET /api/{tenant}/reported-stations`. */
export const ReportedStationFilterSchema = z.object({
  createTimeStart: integerParam(EPOCH_MS).optional(),
  createTimeEnd: integerParam(EPOCH_MS).optional(),
  equipmentOwnerId: trimmedText(64).optional(),
  stationName: trimmedText(128).optional(),
  address: trimmedText(255).optional(),
  source: ReportedStationSourceSchema.optional(),
  sort: text(100).optional(),
});
export type ReportedStationFilter = z.infer<typeof ReportedStationFilterSchema>;
export const ReportedStationListQuerySchema = ReportedStationFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type ReportedStationListQuery = z.infer<typeof ReportedStationListQuerySchema>;
export type ReportedStationListRequest = z.input<typeof ReportedStationListQuerySchema>;
