import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };

/**
 * The screen of every built area (`built` in `areas.ts`), each its own chunk. Only the router and the side
 * menu (to fetch a screen ahead of a click) import this: the screens import the registry, so the registry
 * cannot import them.
 */
export const SCREEN_LOADERS: Record<string, () => Promise<ScreenModule>> = {
  home: () => import('./home/HomePage'),
  resourceOperations: () => import('../features/stations/list/OperationListPage'),
  chargeStationDetail: () => import('../features/stations/detail/ChargeStationDetailPage'),
  swapStationDetail: () => import('../features/stations/detail/SwapStationDetailPage'),
  worksheetDetail: () => import('../features/worksheets/WorksheetDetailPage'),
  worksheets: () => import('../features/worksheets/WorksheetListPage'),
  comments: () => import('../features/comments/CommentListPage'),
  commentVendors: () => import('../features/comments/CommentVendorsPage'),
  commentDetail: () => import('../features/comments/CommentDetailPage'),
  relations: () => import('../features/relations/RelationListPage'),
  roadBooks: () => import('../features/road-books/list/RoadBookListPage'),
  routePlanning: () => import('../features/road-books/editor/RoadBookEditorPage'),
  chargingPaths: () => import('../features/charging-paths/ChargingPathListPage'),
  chargingPathDetail: () => import('../features/charging-paths/ChargingPathDetailPage'),
  accounts: () => import('../features/accounts/AccountLookupPage'),
  accountDetail: () => import('../features/accounts/AccountDetailPage'),
  personalCars: () => import('../features/accounts/PersonalCarListPage'),
  staff: () => import('../features/admin/StaffListPage'),
  appClients: () => import('../features/app-clients/AppClientsPage'),
  invitations: () => import('../features/invitations/InvitationListPage'),
  reportedStations: () => import('../features/reported-stations/ReportedStationListPage'),
  reportedStationEditor: () => import('../features/reported-stations/ReportedStationEditorPage'),
  crowdsourcedStations: () => import('../features/crowdsourced-stations/CrowdsourcedListPage'),
  crowdsourcedReview: () => import('../features/crowdsourced-stations/ReviewQueuePage'),
  crowdsourcedDetail: () => import('../features/crowdsourced-stations/ReportDetailPage'),
  remoteOperations: () => import('../features/remote-operations/RemoteOperationListPage'),
  resourceTags: () => import('../features/resource-tags/ResourceTagsPage'),
  upgradePackages: () => import('../features/upgrade-packages/UpgradePackageListPage'),
  activityList: () => import('../features/activities/ActivityListPage'),
  activityDetail: () => import('../features/activities/ActivityDetailPage'),
  activityCreate: () => import('../features/activities/ActivityEditorPage'),
  activityEditor: () => import('../features/activities/ActivityEditorPage'),
  activityStations: () => import('../features/activities/ActivityStationListPage'),
  lotteryDraws: () => import('../features/rewards/LotteryDrawListPage'),
  pointRecords: () => import('../features/rewards/PointRecordListPage'),
  rewardRecords: () => import('../features/rewards/RewardRecordListPage'),
  couponBatches: () => import('../features/coupons/CouponBatchListPage'),
  couponBatchDetail: () => import('../features/coupons/CouponBatchDetailPage'),
  couponGenerateRecords: () => import('../features/coupons/GenerateRecordListPage'),
  couponRecords: () => import('../features/coupons/CouponRecordListPage'),
  couponAbandonRecords: () => import('../features/coupons/AbandonRecordListPage'),
  couponDeliveries: () => import('../features/coupons/DeliverListPage'),
  upgradePackageDetail: () => import('../features/upgrade-packages/UpgradePackageDetailPage'),
  regions: () => import('../features/regions/RegionTreePage'),
  dictionaries: () => import('../features/dictionaries/DictionariesPage'),
  operators: () => import('../features/operators/OperatorsPage'),
  operatorDetail: () => import('../features/operators/OperatorDetailPage'),
};
