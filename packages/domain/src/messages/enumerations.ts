import { STAFF_ROLES } from '../auth/contracts.js';
import { TAG_CODES, TAG_GROUP_CODES, TAG_GROUP_LABELS, TAG_LABELS } from '../tags/tag-codes.js';
import { TAG_PROVIDERS } from '../tags/tag-catalog.js';
import { TAG_INPUT_TYPES } from '../tags/tag-contracts.js';
import { GENDER_LABELS, GENDERS } from '../accounts/relations.js';
import { BINDING_STATUS_LABELS, BINDING_STATUSES } from '../accounts/car-contracts.js';
import {
  RELATION_SOURCE_LABELS,
  RELATION_SOURCES,
  RELATION_STATE_LABELS,
  RELATION_STATES,
  RELATION_TYPE_LABELS,
  RELATION_TYPES,
} from '../accounts/relations.js';
import {
  REWARD_STATE_LABELS,
  REWARD_STATES,
  DRAW_STATE_LABELS,
  DRAW_STATES,
} from '../activities/reward-states.js';
import { DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES } from '../activities/time-sharing.js';
import { USER_ROLE_LABELS, USER_ROLES } from '../activities/user-roles.js';
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES } from '../activities/activity-types.js';
import { ACTIVITY_STATUS_LABELS, ACTIVITY_STATUSES } from '../activities/activity-statuses.js';
import { CHARGER_PRESENCE_LABELS, CHARGER_PRESENCES } from '../stations/operation-list-item.js';
import {
  AWARD_TYPE_LABELS,
  AWARD_TYPES,
  CLAIM_FREQUENCIES,
  CLAIM_FREQUENCY_LABELS,
  CLAIM_TYPE_LABELS,
  CLAIM_TYPES,
} from '../activities/gift-bags.js';
import { LOSE_REASON_LABELS, LOSE_REASONS } from '../rewards/lottery-draw-contracts.js';
import {
  POINT_REWARD_NAME_LABELS,
  POINT_REWARD_NAMES,
  REWARD_TYPE_LABELS,
  REWARD_TYPES,
} from '../rewards/reward-record-contracts.js';
import { REWARD_EVENT_KIND_LABELS, REWARD_EVENT_KINDS } from '../rewards/reward-events.js';
import { CHAT_CLIENT_LABELS, CHAT_CLIENTS } from '../chats/chat-clients.js';
import { CHAT_STATUS_LABELS, CHAT_STATUSES } from '../chats/chat-statuses.js';
import { SHARE_TYPE_LABELS, SHARE_TYPES } from '../share-templates/share-templates.js';
import {
  COUPON_BATCH_STATUS_LABELS,
  COUPON_BATCH_STATUSES,
  COUPON_STATUS_LABELS,
  COUPON_STATUSES,
} from '../coupons/coupon-statuses.js';
import {
  COUPON_BIZ_CODES,
  COUPON_BIZ_LABELS,
  COUPON_CODE_TYPE_LABELS,
  COUPON_CODE_TYPES,
  COUPON_GENERATE_TYPE_LABELS,
  COUPON_GENERATE_TYPES,
  COUPON_TYPE_CODES,
  COUPON_TYPE_LABELS,
} from '../coupons/coupon-types.js';
import { COUPON_REWARD_FAILURE_LABELS, COUPON_REWARD_FAILURES } from '../coupons/reward-failures.js';
import {
  COUPON_EXPIRE_TYPE_LABELS,
  COUPON_EXPIRE_TYPES,
  COUPON_SUBCLASS_LABELS,
  COUPON_SUBCLASSES,
} from '../coupons/coupon-batches.js';
import {
  COUPON_ABANDON_BY,
  COUPON_ABANDON_BY_LABELS,
  COUPON_CHANNEL_LABELS,
  COUPON_CHANNELS,
  ISSUED_COUPON_STATUS_LABELS,
  ISSUED_COUPON_STATUSES,
} from '../coupons/coupon-records.js';
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
} from '../mall/order-statuses.js';
import { PAYMENT_REFUSALS, PAYMENT_REPORT_OUTCOMES } from '../mall/order-contracts.js';
import { PRODUCT_ITEM_TYPES } from '../mall/product-contracts.js';
import { ENVIRONMENTS } from '../platform/environments.js';
import { JOB_KINDS, JOB_OUTCOMES, JOB_STATES } from '../platform/jobs.js';
import { SIGNED_CLIENT_STATES } from '../platform/signed-clients.js';
import { TENANTS } from '../platform/tenants.js';
import {
  PLANNING_RESOURCE_TYPE_LABELS,
  PLANNING_RESOURCE_TYPES,
} from '../road-books/planning-resource-types.js';
import { POWER_FEATURE_LABELS, POWER_FEATURES, POWER_PRODUCTS } from '../road-books/power-features.js';
import {
  PLAN_TAG_LABELS,
  PLAN_TAGS,
  ROUTE_TACTIC_LABELS,
  ROUTE_TACTICS,
} from '../road-books/route-tactics.js';
import { CLIENT_CODES } from '../shared/clients.js';
import { MATCH_RULES, POST_MARKS } from '../forum/forum-contracts.js';
import { ANNOTATION_TYPES, POWER_TYPES, SECTION_TYPES } from '../forum/post-content.js';
import { DELIVERY_STATES, PUSH_BATCH_STATUSES } from '../push-messages/push-messages.js';
import {
  POSTER_LINK_TYPE_NAMES,
  POSTER_LINK_TYPES,
  POSTER_RESOURCE_SCOPES,
  POSTER_TRIGGER_IDS,
  POSTER_TRIGGER_RULES,
} from '../posters/poster-contracts.js';
import { BIZ_SCENE_CODES, BIZ_SCENE_LABELS } from '../stations/biz-scenes.js';
import { CONSTRUCTION_TYPE_LABELS, CONSTRUCTION_TYPES } from '../stations/construction-types.js';
import { PARK_FEE_TAG_LABELS, PARK_FEE_TAGS } from '../stations/dictionaries.js';
import {
  CHARGER_TYPE_LABELS,
  CONNECTOR_STATUS_LABELS,
  CONNECTOR_STATUSES,
  CONNECTOR_TYPE_LABELS,
  CONNECTOR_TYPES,
  NATIONAL_STANDARD_LABELS,
  NATIONAL_STANDARDS,
} from '../stations/equipment.js';
import { STATION_OPERATION_ACTIONS } from '../stations/operation-actions.js';
import { OPERATION_LIST_RESOURCE_TYPES } from '../stations/operation-list-item.js';
import { PICTURE_SCENES, PICTURE_SOURCES } from '../stations/pictures.js';
import {
  REPORTED_STATION_SOURCES,
  REPORT_ONLINE_STATUS_VALUES,
  REPORT_REVIEW_STATUS_VALUES,
} from '../stations/reported-stations.js';
import { USER_CHARGER_BIND_TYPES } from '../accounts/relations.js';
import { NOTIFICATION_TYPES } from '../stations/resource-notification.js';
import {
  CHARGE_POINT_ERROR_CODES,
  CONNECTOR_OCPP_STATUSES,
  FIRMWARE_STATUSES,
  REMOTE_OPERATION_REASONS,
  REMOTE_OPERATION_STATUS_VALUES,
  REMOTE_OPERATION_TYPES,
  REMOTE_OPERATOR_TYPES,
  TRIGGER_MESSAGES,
} from '../stations/remote-operations.js';
import {
  CHARGE_POINT_BULK_ROW_ERRORS,
  CHARGING_PROFILE_KINDS,
  CHARGING_PROFILE_PURPOSES,
  CHARGING_RATE_UNITS,
  ID_TAG_STATUSES,
  LOCAL_LIST_UPDATE_TYPES,
  OCPP_ANSWER_STATUSES,
  RECURRENCY_KINDS,
} from '../stations/ocpp-operations.js';
import { CHARGER_TYPES, RESOURCE_TYPE_LABELS, RESOURCE_TYPES } from '../stations/resource-types.js';
import { STATION_STATUSES, STATION_STATUS_LABELS } from '../stations/station-status.js';
import { WORKSHEET_STATUSES } from '../stations/worksheets.js';
import {
  UPGRADE_PACKAGE_ACTIONS,
  UPGRADE_PACKAGE_STATUS_VALUES,
  UPGRADE_PACKAGE_TYPES,
} from '../upgrade-packages/upgrade-packages.js';
import { COMMENT_ACTIONS } from '../comments/comment-actions.js';
import {
  COMMENT_QUALITIES,
  COMMENT_SCENES,
  COMMENT_STATES,
  COMMENT_USER_TYPES,
  OVERALL_LEVELS,
} from '../comments/comment-codes.js';
import {
  CHARGING_PATH_STATUS_LABELS,
  CHARGING_PATH_STATUSES,
} from '../charging-paths/charging-path-contracts.js';
import {
  CAR_PURCHASE_INVITE_STATUS_LABELS,
  CAR_PURCHASE_INVITE_STATUSES,
  INVITATION_KIND_LABELS,
  INVITATION_KINDS,
  REGISTER_INVITE_STATUS_LABELS,
  REGISTER_INVITE_STATUSES,
} from '../invitations/invitation-codes.js';
import { ITEM_CHANGES, KEY_CHANGES } from '../cloud-config/cloud-config.js';
import { KNOWN_CONFIG_KEYS } from '../cloud-config/config-values.js';
import type { MessageKey } from './en-US.js';
import { formatMessage, type Locale, labelTexts } from './format.js';

type Value = string | number;

/** An enumeration the screens show, and the catalog entry that names each of its values. */
export interface Enumeration {
  values: readonly Value[];
  labels: Readonly<Record<Value, MessageKey>>;
}

const enumeration = <V extends Value>(
  values: readonly V[],
  labels: Readonly<Record<V, MessageKey>>,
): Enumeration => ({ values, labels });

/** Labels of the remote operation lists' values, each `<enumeration>.<value>`. */
const labelsOf = <V extends string | number, P extends string>(prefix: P, values: readonly V[]) =>
  Object.fromEntries(values.map((value) => [value, `${prefix}.${value}`])) as Record<V, `${P}.${V}`>;

/**
 * Every action the station history records. The history filter's schema names only the charge-station
 * actions the spec lists; the rest are written by the screens built since, and read back the same way.
 */
export const OPERATION_ACTION_LABELS = {
  CHARGE_STATION_BASIC_INFO_UPDATE: 'operationAction.chargeStationBasicInfoUpdate',
  CHARGE_MAP_OFFLINE: 'operationAction.chargeMapOffline',
  ONE_KEY_CHARGING_OFFLINE: 'operationAction.oneKeyChargingOffline',
  CHARGE_STATION_CONTRIBUTOR_BIND: 'operationAction.contributorBind',
  CHARGE_STATION_CONTRIBUTOR_UNBIND: 'operationAction.contributorUnbind',
  POWER_SWAP_BASIC_INFO_UPDATE: 'operationAction.powerSwapBasicInfoUpdate',
  POWER_SWAP_PARKING_UPDATE: 'operationAction.powerSwapParkingUpdate',
  POWER_SWAP_QUEUE_ADJUST: 'operationAction.powerSwapQueueAdjust',
  RESOURCE_INFO_UPDATE: 'operationAction.resourceInfoUpdate',
  PICTURE_UPLOAD: 'operationAction.pictureUpload',
  PICTURE_APP_VISIBLE_UPDATE: 'operationAction.pictureAppVisibleUpdate',
  PICTURE_DELETE: 'operationAction.pictureDelete',
  NOTIFICATION_ADD: 'operationAction.notificationAdd',
  NOTIFICATION_UPDATE: 'operationAction.notificationUpdate',
  WORKSHEET_CREATE: 'operationAction.worksheetCreate',
  WORKSHEET_CLOSE: 'operationAction.worksheetClose',
  RESOURCE_TAG_UPDATE: 'operationAction.resourceTagUpdate',
  CHARGE_STATION_CREATE: 'operationAction.chargeStationCreate',
} as const satisfies Record<(typeof STATION_OPERATION_ACTIONS)[number], MessageKey> &
  Record<string, MessageKey>;

const PICTURE_SOURCE_LABELS = {
  [PICTURE_SOURCES.operator]: 'pictureSource.operator',
  [PICTURE_SOURCES.staff]: 'pictureSource.staff',
  [PICTURE_SOURCES.user]: 'pictureSource.user',
} as const satisfies Record<number, MessageKey>;

const PICTURE_SCENE_LABELS = {
  [PICTURE_SCENES.entrance]: 'pictureScene.entrance',
  [PICTURE_SCENES.parking]: 'pictureScene.parking',
  [PICTURE_SCENES.charger]: 'pictureScene.charger',
  [PICTURE_SCENES.surroundings]: 'pictureScene.surroundings',
  [PICTURE_SCENES.other]: 'pictureScene.other',
} as const satisfies Record<number, MessageKey>;

/**
 * The one catalogue of enumeration labels: every value of an enumeration a screen, an export or a message
 * shows is named here, in both languages through the message catalogs. A unit test walks the domain's
 * exported enumerations and fails when one is neither listed here nor declared internal.
 */
export const ENUMERATIONS = {
  stationStatus: enumeration(STATION_STATUSES, STATION_STATUS_LABELS),
  constructionType: enumeration(CONSTRUCTION_TYPES, CONSTRUCTION_TYPE_LABELS),
  resourceType: enumeration(RESOURCE_TYPES, RESOURCE_TYPE_LABELS),
  operationListResourceType: enumeration(OPERATION_LIST_RESOURCE_TYPES, RESOURCE_TYPE_LABELS),
  chargerType: enumeration(CHARGER_TYPES, CHARGER_TYPE_LABELS),
  connectorType: enumeration(CONNECTOR_TYPES, CONNECTOR_TYPE_LABELS),
  connectorStatus: enumeration(CONNECTOR_STATUSES, CONNECTOR_STATUS_LABELS),
  nationalStandard: enumeration(NATIONAL_STANDARDS, NATIONAL_STANDARD_LABELS),
  parkFeeTag: enumeration(PARK_FEE_TAGS, PARK_FEE_TAG_LABELS),
  bizScene: enumeration(BIZ_SCENE_CODES, BIZ_SCENE_LABELS),
  worksheetStatus: enumeration(WORKSHEET_STATUSES, {
    open: 'worksheetStatus.open',
    closed: 'worksheetStatus.closed',
  }),
  notificationType: enumeration(NOTIFICATION_TYPES, {
    NOTICE: 'notificationType.notice',
    MAINTENANCE: 'notificationType.maintenance',
    PROMOTION: 'notificationType.promotion',
    V2G: 'notificationType.v2g',
  }),
  pictureSource: enumeration(Object.values(PICTURE_SOURCES), PICTURE_SOURCE_LABELS),
  pictureScene: enumeration(Object.values(PICTURE_SCENES), PICTURE_SCENE_LABELS),
  reportedStationSource: enumeration(REPORTED_STATION_SOURCES, {
    nio: 'reportedStationSource.nio',
    pe: 'reportedStationSource.pe',
    internal: 'reportedStationSource.internal',
    staff: 'reportedStationSource.staff',
    mini: 'reportedStationSource.mini',
  }),
  reportReviewStatus: enumeration(REPORT_REVIEW_STATUS_VALUES, {
    0: 'reportReviewStatus.pending',
    1: 'reportReviewStatus.approved',
    2: 'reportReviewStatus.rejected',
  }),
  reportOnlineStatus: enumeration(REPORT_ONLINE_STATUS_VALUES, {
    0: 'reportOnlineStatus.offline',
    1: 'reportOnlineStatus.online',
  }),
  userChargerBindType: enumeration(USER_CHARGER_BIND_TYPES, {
    owner: 'userChargerBindType.owner',
    shared: 'userChargerBindType.shared',
  }),
  operationAction: enumeration(Object.keys(OPERATION_ACTION_LABELS), OPERATION_ACTION_LABELS),
  stationOperationAction: enumeration(STATION_OPERATION_ACTIONS, OPERATION_ACTION_LABELS),
  planningResourceType: enumeration(PLANNING_RESOURCE_TYPES, PLANNING_RESOURCE_TYPE_LABELS),
  routeTactic: enumeration(ROUTE_TACTICS, ROUTE_TACTIC_LABELS),
  planTag: enumeration(PLAN_TAGS, PLAN_TAG_LABELS),
  powerFeature: enumeration(POWER_FEATURES, POWER_FEATURE_LABELS),
  powerProduct: enumeration(POWER_PRODUCTS, {
    nio: 'powerProduct.nio',
    onvo: 'powerProduct.onvo',
    firefly: 'powerProduct.firefly',
  }),
  tenant: enumeration(TENANTS, { nio: 'tenant.nio', pe: 'tenant.pe', rsc: 'tenant.rsc' }),
  tagGroup: enumeration(TAG_GROUP_CODES, TAG_GROUP_LABELS),
  tagName: enumeration(TAG_CODES, TAG_LABELS),
  tagProvider: enumeration(TAG_PROVIDERS, labelsOf('tagProvider', TAG_PROVIDERS)),
  tagInputType: enumeration(TAG_INPUT_TYPES, labelsOf('tagInputType', TAG_INPUT_TYPES)),
  tagCategory: enumeration([1, 2, 3] as const, labelsOf('tagCategory', [1, 2, 3] as const)),
  staffRole: enumeration(STAFF_ROLES, {
    admin: 'staffRole.admin',
    operator: 'staffRole.operator',
    viewer: 'staffRole.viewer',
  }),
  jobOutcome: enumeration(JOB_OUTCOMES, {
    queued: 'jobOutcome.queued',
    running: 'jobOutcome.running',
    succeeded: 'jobOutcome.succeeded',
    withErrors: 'jobOutcome.withErrors',
    failed: 'jobOutcome.failed',
    cancelled: 'jobOutcome.cancelled',
  }),
  jobKind: enumeration(JOB_KINDS, {
    'comment-callback': 'jobKind.comment-callback',
    'upgrade-campaign': 'jobKind.upgrade-campaign',
    'coupon-generation': 'jobKind.coupon-generation',
    'coupons.send': 'jobKind.coupons.send',
    'activities.station-import': 'jobKind.activities.station-import',
    'posters.station-import': 'jobKind.posters.station-import',
    'export.posters.list': 'jobKind.export.posters.list',
    'export.posters.resources': 'jobKind.export.posters.resources',
    'rewards.engine': 'jobKind.rewards.engine',
    'export.activities.list': 'jobKind.export.activities.list',
    'export.activities.stations': 'jobKind.export.activities.stations',
    'export.rewards.lottery-draws': 'jobKind.export.rewards.lottery-draws',
    'export.rewards.point-records': 'jobKind.export.rewards.point-records',
    'export.rewards.reward-records': 'jobKind.export.rewards.reward-records',
    'export.config-releases.list': 'jobKind.export.config-releases.list',
    'export.share-templates.list': 'jobKind.export.share-templates.list',
    'export.group-chats.list': 'jobKind.export.group-chats.list',
    'export.forum.posts': 'jobKind.export.forum.posts',
    'export.forum.replies': 'jobKind.export.forum.replies',
    'export.forum.sensitive-words': 'jobKind.export.forum.sensitive-words',
    'push-messages.push': 'jobKind.push-messages.push',
    'push-messages.recipient-import': 'jobKind.push-messages.recipient-import',
    'export.push-messages.list': 'jobKind.export.push-messages.list',
    'mall.product-upload': 'jobKind.mall.product-upload',
    'mall.delivery': 'jobKind.mall.delivery',
    'export.mall.products': 'jobKind.export.mall.products',
    'export.mall.orders': 'jobKind.export.mall.orders',
    'coupons.recipient-import': 'jobKind.coupons.recipient-import',
    'export.staff.list': 'jobKind.export.staff.list',
    'export.stations.operation-list': 'jobKind.export.stations.operation-list',
    'export.worksheets.list': 'jobKind.export.worksheets.list',
    'export.personal-cars.list': 'jobKind.export.personal-cars.list',
    'export.comments.list': 'jobKind.export.comments.list',
    'export.relations.list': 'jobKind.export.relations.list',
    'export.crowdsourced-stations.list': 'jobKind.export.crowdsourced-stations.list',
    'export.reported-stations.list': 'jobKind.export.reported-stations.list',
    'export.invitations.list': 'jobKind.export.invitations.list',
    'export.road-books.list': 'jobKind.export.road-books.list',
    'export.charging-paths.list': 'jobKind.export.charging-paths.list',
    'export.remote-operations.list': 'jobKind.export.remote-operations.list',
    'export.upgrade-packages.list': 'jobKind.export.upgrade-packages.list',
    'export.coupon-batches.list': 'jobKind.export.coupon-batches.list',
    'export.coupon-generate-records.list': 'jobKind.export.coupon-generate-records.list',
    'export.coupon-records': 'jobKind.export.coupon-records',
    'export.coupon-deliveries': 'jobKind.export.coupon-deliveries',
    'export.coupon-abandon-records': 'jobKind.export.coupon-abandon-records',
    'export.operators.list': 'jobKind.export.operators.list',
    'export.operators.equipment-owners': 'jobKind.export.operators.equipment-owners',
    'export.operators.sub-operators': 'jobKind.export.operators.sub-operators',
    'export.tags.catalogue': 'jobKind.export.tags.catalogue',
  }),
  jobState: enumeration(JOB_STATES, {
    queued: 'jobState.queued',
    running: 'jobState.running',
    succeeded: 'jobState.succeeded',
    failed: 'jobState.failed',
    cancelled: 'jobState.cancelled',
  }),
  environment: enumeration(ENVIRONMENTS, {
    dev: 'environment.dev',
    test: 'environment.test',
    stg: 'environment.stg',
    prod: 'environment.prod',
  }),
  client: enumeration(CLIENT_CODES, {
    nio_app: 'client.nioApp',
    pe_app: 'client.peApp',
    titan_app: 'client.titanApp',
    pe_wx_mini: 'client.peWxMini',
    pe_alipay_mini: 'client.peAlipayMini',
    rsc_feishu_mini: 'client.rscFeishuMini',
    other: 'client.other',
  }),
  posterTrigger: enumeration(
    POSTER_TRIGGER_IDS,
    Object.fromEntries(
      POSTER_TRIGGER_RULES.map((rule) => [rule.id, `posterTrigger.${rule.code}` as const]),
    ) as Record<(typeof POSTER_TRIGGER_IDS)[number], MessageKey>,
  ),
  posterLinkType: enumeration(
    POSTER_LINK_TYPES,
    Object.fromEntries(
      POSTER_LINK_TYPES.map((type) => [type, `posterLinkType.${POSTER_LINK_TYPE_NAMES[type]}` as const]),
    ) as Record<(typeof POSTER_LINK_TYPES)[number], MessageKey>,
  ),
  posterResourceScope: enumeration(
    POSTER_RESOURCE_SCOPES,
    labelsOf('posterResourceScope', POSTER_RESOURCE_SCOPES),
  ),
  gender: enumeration(GENDERS, GENDER_LABELS),
  relationState: enumeration(RELATION_STATES, RELATION_STATE_LABELS),
  relationType: enumeration(RELATION_TYPES, RELATION_TYPE_LABELS),
  relationSource: enumeration(RELATION_SOURCES, RELATION_SOURCE_LABELS),
  bindingStatus: enumeration(BINDING_STATUSES, BINDING_STATUS_LABELS),
  commentScene: enumeration(COMMENT_SCENES, {
    charge: 'commentScene.charge',
    swap: 'commentScene.swap',
    other: 'commentScene.other',
  }),
  commentState: enumeration(COMMENT_STATES, {
    visible: 'commentState.visible',
    deleted_by_user: 'commentState.deleted_by_user',
    hidden_by_admin: 'commentState.hidden_by_admin',
    account_cancelled: 'commentState.account_cancelled',
    not_in_app: 'commentState.not_in_app',
  }),
  commentUserType: enumeration(COMMENT_USER_TYPES, {
    user: 'commentUserType.user',
    staff: 'commentUserType.staff',
    system: 'commentUserType.system',
  }),
  commentQuality: enumeration(COMMENT_QUALITIES, {
    normal: 'commentQuality.normal',
    high: 'commentQuality.high',
  }),
  signedClientState: enumeration(SIGNED_CLIENT_STATES, {
    enabled: 'signedClientState.enabled',
    disabled: 'signedClientState.disabled',
  }),
  overallLevel: enumeration(OVERALL_LEVELS, {
    excellent: 'overallLevel.excellent',
    good: 'overallLevel.good',
    fair: 'overallLevel.fair',
    poor: 'overallLevel.poor',
  }),
  commentAction: enumeration(COMMENT_ACTIONS, {
    TOP_COMMENT: 'commentAction.TOP_COMMENT',
    CANCEL_TOP_COMMENT: 'commentAction.CANCEL_TOP_COMMENT',
    HIDE_COMMENT: 'commentAction.HIDE_COMMENT',
    CANCEL_HIDE_COMMENT: 'commentAction.CANCEL_HIDE_COMMENT',
    FOCUSED: 'commentAction.FOCUSED',
    CANCEL_FOCUSED: 'commentAction.CANCEL_FOCUSED',
    CREATE_REPLY: 'commentAction.CREATE_REPLY',
    UPDATE_REPLY: 'commentAction.UPDATE_REPLY',
  }),
  activityType: enumeration(ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS),
  activityStatus: enumeration(ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS),
  userRole: enumeration(USER_ROLES, USER_ROLE_LABELS),
  discountType: enumeration(DISCOUNT_TYPES, DISCOUNT_TYPE_LABELS),
  claimType: enumeration(CLAIM_TYPES, CLAIM_TYPE_LABELS),
  claimFrequency: enumeration(CLAIM_FREQUENCIES, CLAIM_FREQUENCY_LABELS),
  rewardState: enumeration(REWARD_STATES, REWARD_STATE_LABELS),
  drawState: enumeration(DRAW_STATES, DRAW_STATE_LABELS),
  loseReason: enumeration(LOSE_REASONS, LOSE_REASON_LABELS),
  rewardType: enumeration(REWARD_TYPES, REWARD_TYPE_LABELS),
  rewardEventKind: enumeration(REWARD_EVENT_KINDS, REWARD_EVENT_KIND_LABELS),
  pointRewardName: enumeration(POINT_REWARD_NAMES, POINT_REWARD_NAME_LABELS),
  couponType: enumeration(COUPON_TYPE_CODES, COUPON_TYPE_LABELS),
  chargerPresence: enumeration(CHARGER_PRESENCES, CHARGER_PRESENCE_LABELS),
  awardType: enumeration(AWARD_TYPES, AWARD_TYPE_LABELS),
  couponBiz: enumeration(COUPON_BIZ_CODES, COUPON_BIZ_LABELS),
  couponBatchStatus: enumeration(COUPON_BATCH_STATUSES, COUPON_BATCH_STATUS_LABELS),
  couponStatus: enumeration(COUPON_STATUSES, COUPON_STATUS_LABELS),
  couponRewardFailure: enumeration(COUPON_REWARD_FAILURES, COUPON_REWARD_FAILURE_LABELS),
  couponExpireType: enumeration(COUPON_EXPIRE_TYPES, COUPON_EXPIRE_TYPE_LABELS),
  couponSubclass: enumeration(COUPON_SUBCLASSES, COUPON_SUBCLASS_LABELS),
  issuedCouponStatus: enumeration(ISSUED_COUPON_STATUSES, ISSUED_COUPON_STATUS_LABELS),
  couponChannel: enumeration(COUPON_CHANNELS, COUPON_CHANNEL_LABELS),
  couponAbandonBy: enumeration(COUPON_ABANDON_BY, COUPON_ABANDON_BY_LABELS),
  couponGenerateType: enumeration(COUPON_GENERATE_TYPES, COUPON_GENERATE_TYPE_LABELS),
  couponCodeType: enumeration(COUPON_CODE_TYPES, COUPON_CODE_TYPE_LABELS),
  orderStatus: enumeration(ORDER_STATUSES, ORDER_STATUS_LABELS),
  paymentStatus: enumeration(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS),
  deliveryStatus: enumeration(DELIVERY_STATUSES, DELIVERY_STATUS_LABELS),
  productItemType: enumeration(PRODUCT_ITEM_TYPES, labelsOf('productItemType', PRODUCT_ITEM_TYPES)),
  paymentOutcome: enumeration(PAYMENT_REPORT_OUTCOMES, labelsOf('paymentOutcome', PAYMENT_REPORT_OUTCOMES)),
  paymentRefusal: enumeration(PAYMENT_REFUSALS, labelsOf('paymentRefusal', PAYMENT_REFUSALS)),
  forumMatchRule: enumeration(MATCH_RULES, labelsOf('forumMatchRule', MATCH_RULES)),
  forumPostMark: enumeration(POST_MARKS, labelsOf('forumPostMark', POST_MARKS)),
  forumSectionType: enumeration(SECTION_TYPES, labelsOf('forumSectionType', SECTION_TYPES)),
  forumAnnotationType: enumeration(ANNOTATION_TYPES, labelsOf('forumAnnotationType', ANNOTATION_TYPES)),
  forumPowerType: enumeration(POWER_TYPES, labelsOf('forumPowerType', POWER_TYPES)),
  chatClient: enumeration(CHAT_CLIENTS, CHAT_CLIENT_LABELS),
  chatStatus: enumeration(CHAT_STATUSES, CHAT_STATUS_LABELS),
  shareType: enumeration(SHARE_TYPES, SHARE_TYPE_LABELS),
  chargingPathStatus: enumeration(CHARGING_PATH_STATUSES, CHARGING_PATH_STATUS_LABELS),
  invitationKind: enumeration(INVITATION_KINDS, INVITATION_KIND_LABELS),
  registerInviteStatus: enumeration(REGISTER_INVITE_STATUSES, REGISTER_INVITE_STATUS_LABELS),
  carPurchaseInviteStatus: enumeration(CAR_PURCHASE_INVITE_STATUSES, CAR_PURCHASE_INVITE_STATUS_LABELS),
  remoteOperationStatus: enumeration(
    REMOTE_OPERATION_STATUS_VALUES,
    labelsOf('remoteOperationStatus', REMOTE_OPERATION_STATUS_VALUES),
  ),
  remoteOperationType: enumeration(
    REMOTE_OPERATION_TYPES,
    labelsOf('remoteOperationType', REMOTE_OPERATION_TYPES),
  ),
  remoteOperatorType: enumeration(
    REMOTE_OPERATOR_TYPES,
    labelsOf('remoteOperatorType', REMOTE_OPERATOR_TYPES),
  ),
  remoteOperationReason: enumeration(
    REMOTE_OPERATION_REASONS,
    labelsOf('remoteOperationReason', REMOTE_OPERATION_REASONS),
  ),
  firmwareStatus: enumeration(FIRMWARE_STATUSES, labelsOf('firmwareStatus', FIRMWARE_STATUSES)),
  connectorOcppStatus: enumeration(
    CONNECTOR_OCPP_STATUSES,
    labelsOf('connectorOcppStatus', CONNECTOR_OCPP_STATUSES),
  ),
  chargePointErrorCode: enumeration(
    CHARGE_POINT_ERROR_CODES,
    labelsOf('chargePointErrorCode', CHARGE_POINT_ERROR_CODES),
  ),
  triggerMessage: enumeration(TRIGGER_MESSAGES, labelsOf('triggerMessage', TRIGGER_MESSAGES)),
  ocppAnswerStatus: enumeration(OCPP_ANSWER_STATUSES, labelsOf('ocppAnswerStatus', OCPP_ANSWER_STATUSES)),
  idTagStatus: enumeration(ID_TAG_STATUSES, labelsOf('idTagStatus', ID_TAG_STATUSES)),
  localListUpdateType: enumeration(
    LOCAL_LIST_UPDATE_TYPES,
    labelsOf('localListUpdateType', LOCAL_LIST_UPDATE_TYPES),
  ),
  chargingProfilePurpose: enumeration(
    CHARGING_PROFILE_PURPOSES,
    labelsOf('chargingProfilePurpose', CHARGING_PROFILE_PURPOSES),
  ),
  chargingProfileKind: enumeration(
    CHARGING_PROFILE_KINDS,
    labelsOf('chargingProfileKind', CHARGING_PROFILE_KINDS),
  ),
  recurrencyKind: enumeration(RECURRENCY_KINDS, labelsOf('recurrencyKind', RECURRENCY_KINDS)),
  chargingRateUnit: enumeration(CHARGING_RATE_UNITS, labelsOf('chargingRateUnit', CHARGING_RATE_UNITS)),
  chargePointBulkRowError: enumeration(
    CHARGE_POINT_BULK_ROW_ERRORS,
    labelsOf('chargePointBulkRowError', CHARGE_POINT_BULK_ROW_ERRORS),
  ),
  upgradePackageType: enumeration(UPGRADE_PACKAGE_TYPES, {
    DCPowerCharger: 'upgradePackageType.DCPowerCharger',
    ACPowerCharger: 'upgradePackageType.ACPowerCharger',
  }),
  upgradePackageStatus: enumeration(UPGRADE_PACKAGE_STATUS_VALUES, {
    0: 'upgradePackageStatus.draft',
    1: 'upgradePackageStatus.released',
    2: 'upgradePackageStatus.withdrawn',
  }),
  upgradePackageAction: enumeration(UPGRADE_PACKAGE_ACTIONS, {
    install_now: 'upgradePackageAction.install_now',
    install_when_idle: 'upgradePackageAction.install_when_idle',
  }),
  configItemChange: enumeration(ITEM_CHANGES, labelsOf('configItemChange', ITEM_CHANGES)),
  configKeyChange: enumeration(KEY_CHANGES, labelsOf('configKeyChange', KEY_CHANGES)),
  configKey: enumeration(KNOWN_CONFIG_KEYS, labelsOf('configKey', KNOWN_CONFIG_KEYS)),
  pushBatchStatus: enumeration(PUSH_BATCH_STATUSES, labelsOf('pushBatchStatus', PUSH_BATCH_STATUSES)),
  deliveryState: enumeration(DELIVERY_STATES, labelsOf('deliveryState', DELIVERY_STATES)),
} as const satisfies Record<string, Enumeration>;

export type EnumerationName = keyof typeof ENUMERATIONS;

/**
 * A value's label in the reader's language. A value the catalogue does not know (an entry an operator
 * added to a dictionary, a code from a newer server) shows the fallback, the dictionary's own name when
 * there is one, else the value itself, so the screen never goes blank.
 */
export function enumLabel(
  locale: Locale,
  name: EnumerationName,
  value: Value | null | undefined,
  fallback?: string,
): string {
  if (value === null || value === undefined || value === '') return fallback ?? '-';
  const labels: Readonly<Record<Value, MessageKey | undefined>> = ENUMERATIONS[name].labels;
  const key = labels[value];
  return key === undefined ? (fallback ?? String(value)) : formatMessage(locale, { key });
}

/** All labels of an enumeration as `{ value: label }`, for i18next sections and select options. */
export function enumLabels(locale: Locale, name: EnumerationName): Record<string, string> {
  return labelTexts(locale, ENUMERATIONS[name].labels);
}
