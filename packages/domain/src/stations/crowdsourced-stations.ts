import { z } from 'zod';
import { AccountIdSchema, AccountMobileSchema } from '../accounts/account-contracts.js';
import { ExportOptionsSchema } from '../platform/export.js';
import {
  DEFAULT_PAGE_NO,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NO,
  MAX_PAGE_SIZE,
  pageOf,
} from '../platform/paging.js';
import { EPOCH_MS, INT4, integer, integerParam, text, trimmedText } from '../shared/input.js';
import { OpeningHoursSchema } from './business-hours.js';
import {
  EpochMs,
  LatitudeSchema,
  LongitudeSchema,
  optionalText,
  requiredText,
  ResourceIdSchema,
} from './contract-fields.js';
import { FeePeriodSchema } from './fees.js';
import {
  REPORT_ONLINE_STATUS_VALUES,
  REPORT_REVIEW_STATUS_VALUES,
  REPORT_REVIEW_STATUSES,
  ReportedStationSourceSchema,
} from './reported-stations.js';

export {
  REPORT_ONLINE_STATUSES,
  REPORT_ONLINE_STATUS_VALUES,
  REPORT_REVIEW_STATUSES,
  REPORT_REVIEW_STATUS_VALUES,
} from './reported-stations.js';

export const ReportReviewStatusSchema = z.literal(REPORT_REVIEW_STATUS_VALUES);
export type ReportReviewStatus = z.infer<typeof ReportReviewStatusSchema>;

export const ReportOnlineStatusSchema = z.literal(REPORT_ONLINE_STATUS_VALUES);
export type ReportOnlineStatus = z.infer<typeof ReportOnlineStatusSchema>;

/** A report closer than this to a station or an open report is flagged as a possible duplicate. */
export const DEFAULT_DUPLICATE_RADIUS_METERS = 200;
/** The most pictures one report carries. */
export const REPORT_MAX_PICTURES = 9;
/** The review page's map shows this many stations nearest to the report, within the radius below. */
export const REPORT_NEAREST_STATIONS = 5;
export const REPORT_NEAREST_RADIUS_METERS = 5000;
/** The review page lists this many of the reporter's other reports. */
export const REPORTER_REPORTS_SHOWN = 20;
/** What a review's notification to the reporter is filed under in `user_notifications`. */
export const REVIEW_NOTIFICATION_ORIGIN = 'crowdsourced_station_review';
export const REJECT_REASON_MAX_LENGTH = 255;
export const NOTIFICATION_TITLE_MAX_LENGTH = 64;
export const NOTIFICATION_CONTENT_MAX_LENGTH = 512;

const Count = integer({ min: 0, max: 10_000 });
const Power = z.number().min(0, { error: 'form.minNumber' }).max(10_000, { error: 'form.maxNumber' });
const FreeText = optionalText(512);

/** What a reporter says about a station; the same fields for the apps and for staff. */
export const ReportFieldsSchema = z.object({
  stationName: requiredText(128),
  operatorId: optionalText(64),
  operatorName: optionalText(128),
  /** The operator's name when it is not one the network knows. */
  otherOperatorName: optionalText(128),
  /** GB/T 2260 code of the district or city. */
  areaCode: trimmedText(12)
    .regex(/^\d{6}$/, { error: 'reportedStations.areaCode' })
    .nullish(),
  address: requiredText(255),
  longitude: LongitudeSchema,
  latitude: LatitudeSchema,
  siteGuide: FreeText,
  construction: integer({ min: 0, max: 255 }).nullish(),
  businessHours: optionalText(255),
  electricityFee: optionalText(255),
  serviceFee: optionalText(255),
  parkNums: Count.nullish(),
  parkFee: optionalText(255),
  remark: FreeText,
  dcPower: Power.default(0),
  dcCurrent: Power.default(0),
  dcEquipmentNumber: Count.default(0),
  acPower: Power.default(0),
  acCurrent: Power.default(0),
  acEquipmentNumber: Count.default(0),
  isChargingBlindSpot: z.boolean().default(false),
  chargingBlindSpotId: optionalText(64),
  chargingBlindSpotLongitude: LongitudeSchema.nullish(),
  chargingBlindSpotLatitude: LatitudeSchema.nullish(),
});
export type ReportFields = z.output<typeof ReportFieldsSchema>;

/** A picture sent with a report: the bytes in base64 (JPEG, PNG or WebP, checked by their content). */
export const ReportPictureUploadSchema = z.object({
  name: trimmedText(120).optional(),
  /** At most 5 MB of picture. */
  data: z.base64().max(7_000_000, { error: 'form.maxLength' }),
});

/**
 * `POST /api/app/crowdsourced-stations` from the app back end (signed). `objectId` is the app's id of the
 * report, so a resend is the same report; `stationId` names a network station the reporter found (then the
 * report is about that station).
 */
export const AppReportSchema = ReportFieldsSchema.extend({
  objectId: trimmedText(64).min(1, { error: 'form.required' }),
  source: ReportedStationSourceSchema,
  stationId: trimmedText(64).nullish(),
  creatorAccountId: AccountIdSchema,
  pictures: z
    .array(ReportPictureUploadSchema)
    .max(REPORT_MAX_PICTURES, { error: 'form.maxItems' })
    .default([]),
});
export type AppReport = z.input<typeof AppReportSchema>;

/** `POST /api/{tenant}/crowdsourced-stations` by staff: the reporter is an account they name (or none). */
export const StaffReportSchema = ReportFieldsSchema.extend({
  source: ReportedStationSourceSchema.default('staff'),
  stationId: trimmedText(64).nullish(),
  creatorAccountId: AccountIdSchema.nullish(),
});
export type StaffReport = z.input<typeof StaffReportSchema>;

/** `PUT /api/{tenant}/crowdsourced-stations/:objectId`: every field again; a changed creator rebinds. */
export const ReportUpdateSchema = StaffReportSchema.extend({ version: integer({ min: 1, max: INT4.max }) });
export type ReportUpdate = z.input<typeof ReportUpdateSchema>;

/** A report in a path (`/crowdsourced-stations/:objectId`). */
export const ReportParamsSchema = z.object({ objectId: text(64).min(1, { error: 'form.required' }) });

/** `DELETE /api/{tenant}/crowdsourced-stations/:objectId?version=N`: the version read, so a stale delete is refused. */
export const ReportDeleteQuerySchema = z.object({ version: integerParam({ min: 1, max: INT4.max }) });

/** A station or an open report near a report. */
export const DuplicateCandidateSchema = z.object({
  kind: z.enum(['station', 'report']),
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  /** Metres from the report. */
  distance: z.number(),
  /** A station's type, which decides whether its page is the charge or the swap station's. */
  resourceType: z.string().nullish(),
});
export type DuplicateCandidate = z.infer<typeof DuplicateCandidateSchema>;

/** A report's picture: a stored file (`/api/files/{fileId}`), kept as sent until the report goes online. */
export const ReportPictureSchema = z.object({ fileId: z.string(), url: z.string(), name: z.string() });

/** A crowd-sourced station report (spec C3.11.5) as the portal answers it. */
export const CrowdsourcedStationSchema = z.object({
  objectId: z.string(),
  operatorId: z.string().nullable(),
  source: ReportedStationSourceSchema,
  pictures: z.array(ReportPictureSchema),
  operatorName: z.string().nullable(),
  otherOperatorName: z.string().nullable(),
  stationName: z.string(),
  areaCode: z.string().nullable(),
  /** The area's name with its province and city, when the code is a known region. */
  areaName: z.string().nullable(),
  address: z.string(),
  onlineStatus: ReportOnlineStatusSchema,
  stationStatus: ReportReviewStatusSchema,
  /** The network station the report is about: found by the reporter, or made when it went online. */
  stationId: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  siteGuide: z.string().nullable(),
  construction: z.number().int().nullable(),
  businessHours: z.string().nullable(),
  electricityFee: z.string().nullable(),
  serviceFee: z.string().nullable(),
  parkNums: z.number().int().nullable(),
  parkFee: z.string().nullable(),
  remark: z.string().nullable(),
  dcPower: z.number(),
  dcCurrent: z.number(),
  dcEquipmentNumber: z.number().int(),
  acPower: z.number(),
  acCurrent: z.number(),
  acEquipmentNumber: z.number().int(),
  creatorAccountId: z.string().nullable(),
  /** Who entered it: the app client's name, or the staff user's. */
  createUser: z.string().nullable(),
  createUserNickName: z.string().nullable(),
  /** Whole for operators, masked for viewers. */
  createUserMobile: z.string().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  reviewUser: z.string().nullable(),
  reviewTime: EpochMs.nullable(),
  rejectReason: z.string().nullable(),
  isChargingBlindSpot: z.boolean(),
  chargingBlindSpotId: z.string().nullable(),
  chargingBlindSpotLongitude: z.number().nullable(),
  chargingBlindSpotLatitude: z.number().nullable(),
  /** Stations and open reports within the duplicate radius when it came in. */
  duplicateCandidates: z.array(DuplicateCandidateSchema),
  version: z.number().int(),
});
export type CrowdsourcedStation = z.infer<typeof CrowdsourcedStationSchema>;
export const CrowdsourcedStationPageSchema = pageOf(CrowdsourcedStationSchema);
export type CrowdsourcedStationPage = z.infer<typeof CrowdsourcedStationPageSchema>;

export const CROWDSOURCED_SORTABLE = ['createdAt', 'reviewTime', 'updatedAt'] as const;
/** The review queue works oldest first. */
export const DEFAULT_CROWDSOURCED_SORT = 'createdAt:asc';

const TimeParam = integerParam(EPOCH_MS);

/** The review filter (spec C3.11.7), `POST /api/{tenant}/crowdsourced-stations/search`. */
export const CrowdsourcedFilterSchema = z.object({
  source: ReportedStationSourceSchema.optional(),
  stationName: trimmedText(128).optional(),
  areaCode: trimmedText(12).optional(),
  address: trimmedText(255).optional(),
  /** The reporter's mobile, whole. */
  mobile: AccountMobileSchema.optional(),
  creatorAccountId: trimmedText(64).optional(),
  onlineStatus: integerParam().pipe(ReportOnlineStatusSchema).optional(),
  createTimeStart: TimeParam.optional(),
  createTimeEnd: TimeParam.optional(),
  reviewTimeStart: TimeParam.optional(),
  reviewTimeEnd: TimeParam.optional(),
  reviewUser: trimmedText(128).optional(),
  stationStatus: integerParam().pipe(ReportReviewStatusSchema).optional(),
  /** 1 blind spots only, 0 the others. */
  chargingBlindSpot: integerParam()
    .pipe(z.literal([0, 1]))
    .optional(),
  /** true: only reports flagged with duplicate candidates. */
  suspectedDuplicate: z.stringbool().or(z.boolean()).optional(),
  sort: text(100).optional(),
});
export type CrowdsourcedFilter = z.infer<typeof CrowdsourcedFilterSchema>;

export const CrowdsourcedListQuerySchema = CrowdsourcedFilterSchema.extend({
  pageNo: integerParam({ min: 1, max: MAX_PAGE_NO }).default(DEFAULT_PAGE_NO),
  pageSize: integerParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type CrowdsourcedListQuery = z.infer<typeof CrowdsourcedListQuerySchema>;
export type CrowdsourcedListRequest = z.input<typeof CrowdsourcedListQuerySchema>;
export const CrowdsourcedExportQuerySchema = CrowdsourcedFilterSchema.extend(ExportOptionsSchema.shape);

/** A network station near a report, for the review page's map and field diff. */
export const NearbyStationSchema = z.object({
  resourceId: z.string(),
  resourceType: z.string(),
  resourceName: z.string(),
  operatorName: z.string().nullable(),
  address: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  distance: z.number(),
  status: z.number().int(),
  parkNumbers: z.number().int().nullable(),
  dcEquipmentNumber: z.number().int(),
  acEquipmentNumber: z.number().int(),
  dcPower: z.number(),
  acPower: z.number(),
  /**
   * The station's opening hours and fees as text (`businessHoursText`, `feeText`), for the review's field
   * diff; left out when the station has none.
   */
  businessHours: z.string().nullish(),
  electricityFee: z.string().nullish(),
  serviceFee: z.string().nullish(),
});
export type NearbyStation = z.infer<typeof NearbyStationSchema>;

/** `GET /api/{tenant}/crowdsourced-stations/:objectId`: the report with what its review needs beside it. */
export const CrowdsourcedStationDetailSchema = z.object({
  report: CrowdsourcedStationSchema,
  nearestStations: z.array(NearbyStationSchema),
  /** The reporter's other reports, newest first (at most 20). */
  reporterReports: z.array(CrowdsourcedStationSchema),
  /** How many reports the reporter sent in all. */
  reporterReportCount: z.number().int(),
});
export type CrowdsourcedStationDetail = z.infer<typeof CrowdsourcedStationDetailSchema>;

/**
 * The review payload (spec C3.11.8): approve (1) or reject (2, with a reason). A notification to the reporter
 * needs a title and content.
 */
export const ReportReviewSchema = z
  .object({
    stationStatus: z.literal([REPORT_REVIEW_STATUSES.approved, REPORT_REVIEW_STATUSES.rejected]),
    sendNotification: z.boolean().default(false),
    notificationTitle: optionalText(NOTIFICATION_TITLE_MAX_LENGTH),
    notificationContent: optionalText(NOTIFICATION_CONTENT_MAX_LENGTH),
    rejectReason: optionalText(REJECT_REASON_MAX_LENGTH),
    version: integer({ min: 1, max: INT4.max }),
  })
  .superRefine((v, ctx) => {
    if (v.stationStatus === REPORT_REVIEW_STATUSES.rejected && !v.rejectReason) {
      ctx.addIssue({ code: 'custom', path: ['rejectReason'], message: 'form.required' });
    }
    if (v.sendNotification && !v.notificationTitle) {
      ctx.addIssue({ code: 'custom', path: ['notificationTitle'], message: 'form.required' });
    }
    if (v.sendNotification && !v.notificationContent) {
      ctx.addIssue({ code: 'custom', path: ['notificationContent'], message: 'form.required' });
    }
  });
export type ReportReview = z.input<typeof ReportReviewSchema>;

/** Chargers the new station gets: `count` chargers of one connector each at `power` kW. */
export const OnlineChargerSchema = z.object({
  equipmentType: z.enum(['DC', 'AC']),
  count: integer({ min: 1, max: 200 }),
  power: z.number().gt(0, { error: 'form.minNumber' }).max(1000, { error: 'form.maxNumber' }),
});

/**
 * `POST /api/{tenant}/crowdsourced-stations/:objectId/online`: what the real station needs beyond the
 * report, pre-filled on the screen from it. The station id follows the -NIO- rule (C4.11).
 */
export const ReportOnlineSchema = z.object({
  resourceName: requiredText(128),
  operatorId: requiredText(64),
  regionId: trimmedText(12).regex(/^\d{6}$/, { error: 'reportedStations.areaCode' }),
  address: requiredText(255),
  longitude: LongitudeSchema,
  latitude: LatitudeSchema,
  guide: optionalText(512),
  businessHours: OpeningHoursSchema,
  electricityFee: z.array(FeePeriodSchema).min(1, { error: 'form.required' }).max(48),
  serviceFee: z.array(FeePeriodSchema).min(1, { error: 'form.required' }).max(48),
  parkNumbers: Count.nullish(),
  chargers: z.array(OnlineChargerSchema).min(1, { error: 'form.required' }).max(10),
  version: integer({ min: 1, max: INT4.max }),
  /**
   * The operator checked the possible duplicates found at intake and still wants a new station: without it, a
   * report with any is refused (422 `crowdsourced.duplicatesUnconfirmed`) rather than making a second station.
   */
  duplicatesConfirmed: z.boolean().optional(),
});
export type ReportOnline = z.input<typeof ReportOnlineSchema>;

export const ReportOnlineResultSchema = z.object({
  report: CrowdsourcedStationSchema,
  resourceId: ResourceIdSchema,
});

/**
 * A message for a reporter, kept in the tenant's outbox until the push area delivers it (spec: the review's
 * notification).
 */
export const UserNotificationSchema = z.object({
  notificationId: z.number().int(),
  accountId: z.string(),
  title: z.string(),
  content: z.string(),
  /** What wrote it, e.g. `crowdsourced_station_review`, and the record it is about. */
  origin: z.string(),
  originId: z.string(),
  createdAt: EpochMs,
  deliveredAt: EpochMs.nullable(),
});
export type UserNotification = z.infer<typeof UserNotificationSchema>;
