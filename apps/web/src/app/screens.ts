import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };

/**
 * The screen of every built area (`built` in `areas.ts`), each its own chunk. Only the router imports this:
 * the screens import the registry, so the registry cannot import them.
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
  roadBooks: () => import('../features/road-books/list/RoadBookListPage'),
  routePlanning: () => import('../features/road-books/editor/RoadBookEditorPage'),
  staff: () => import('../features/admin/StaffListPage'),
};
