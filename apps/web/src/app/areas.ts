import type { ComponentType } from 'react';
import type { CurrentUser, StaffRole, Tenant } from '@cmp/domain';

/** Side-menu groups, in menu order; names are `shell:group.<key>`. */
export const AREA_GROUPS = [
  'resources',
  'comments',
  'trips',
  'accounts',
  'activities',
  'coupons',
  'content',
  'community',
  'mall',
  'devices',
  'system',
] as const;
export type AreaGroup = (typeof AREA_GROUPS)[number];

export type ScreenModule = { default: ComponentType };

export interface PortalArea {
  /** Also the name key `shell:area.<key>`. */
  key: string;
  /** Top-level entries (the home) have no group. */
  group?: AreaGroup;
  /** Inside the tenant area, without leading slash; '' is the area's home. */
  path: string;
  /** Present once the screen is built; areas without it stay out of the menu and the router. */
  load?: () => Promise<ScreenModule>;
  /** Detail screens are opened from their lists, not from the menu. */
  inMenu: boolean;
  /** Least role the user needs in the current tenant. */
  role?: StaffRole;
}

/** Every area of the core and marketing specifications, so a new screen is switched on here and nowhere else. */
export const PORTAL_AREAS: readonly PortalArea[] = [
  { key: 'home', path: '', inMenu: true, load: () => import('./home/HomePage') },

  {
    key: 'resourceOperations',
    group: 'resources',
    path: 'resources',
    inMenu: true,
    load: () => import('../features/stations/list/OperationListPage'),
  },
  {
    key: 'chargeStationDetail',
    group: 'resources',
    path: 'resources/charge-station',
    inMenu: false,
    load: () => import('../features/stations/detail/ChargeStationDetailPage'),
  },
  {
    key: 'swapStationDetail',
    group: 'resources',
    path: 'resources/swap-station',
    inMenu: false,
    load: () => import('../features/stations/detail/SwapStationDetailPage'),
  },
  {
    key: 'worksheetDetail',
    group: 'resources',
    path: 'resources/worksheets/detail',
    inMenu: false,
    load: () => import('../features/worksheets/WorksheetDetailPage'),
  },
  {
    key: 'worksheets',
    group: 'resources',
    path: 'resources/worksheets',
    inMenu: true,
    load: () => import('../features/worksheets/WorksheetListPage'),
  },
  { key: 'reportedStations', group: 'resources', path: 'reported-stations', inMenu: true },
  { key: 'crowdsourcedStations', group: 'resources', path: 'crowdsourced-stations', inMenu: true },
  { key: 'operators', group: 'resources', path: 'operators', inMenu: true },
  { key: 'resourceTags', group: 'resources', path: 'resource-tags', inMenu: true },
  { key: 'remoteOperations', group: 'resources', path: 'remote-operations', inMenu: true },

  { key: 'comments', group: 'comments', path: 'comments', inMenu: true },
  { key: 'commentDetail', group: 'comments', path: 'comments/detail', inMenu: false },

  {
    key: 'roadBooks',
    group: 'trips',
    path: 'road-books',
    inMenu: true,
    load: () => import('../features/road-books/list/RoadBookListPage'),
  },
  {
    key: 'routePlanning',
    group: 'trips',
    path: 'route-planning',
    inMenu: true,
    load: () => import('../features/road-books/editor/RoadBookEditorPage'),
  },
  { key: 'chargingPaths', group: 'trips', path: 'charging-paths', inMenu: true },

  { key: 'accounts', group: 'accounts', path: 'accounts', inMenu: true },
  { key: 'relations', group: 'accounts', path: 'relations', inMenu: true },
  { key: 'personalCars', group: 'accounts', path: 'personal-cars', inMenu: true },
  { key: 'invitations', group: 'accounts', path: 'invitations', inMenu: true },

  { key: 'activityList', group: 'activities', path: 'activities', inMenu: true },
  { key: 'activityStations', group: 'activities', path: 'activity-stations', inMenu: true },
  { key: 'lotteryDraws', group: 'activities', path: 'lottery-draws', inMenu: true },
  { key: 'giftBags', group: 'activities', path: 'gift-bags', inMenu: true },
  { key: 'awards', group: 'activities', path: 'awards', inMenu: true },
  { key: 'pointRecords', group: 'activities', path: 'point-records', inMenu: true },

  { key: 'couponBatches', group: 'coupons', path: 'coupon-batches', inMenu: true },
  { key: 'couponRecords', group: 'coupons', path: 'coupon-records', inMenu: true },
  { key: 'couponAbandonRecords', group: 'coupons', path: 'coupon-abandon-records', inMenu: true },
  { key: 'couponDeliveries', group: 'coupons', path: 'coupon-deliveries', inMenu: true },

  { key: 'posters', group: 'content', path: 'posters', inMenu: true },
  { key: 'posterResources', group: 'content', path: 'poster-resources', inMenu: true },
  { key: 'shareTemplates', group: 'content', path: 'share-templates', inMenu: true },
  { key: 'pushMessages', group: 'content', path: 'push-messages', inMenu: true },

  { key: 'forumPosts', group: 'community', path: 'forum-posts', inMenu: true },
  { key: 'forumReplies', group: 'community', path: 'forum-replies', inMenu: true },
  { key: 'groupChats', group: 'community', path: 'group-chats', inMenu: true },

  { key: 'products', group: 'mall', path: 'products', inMenu: true },
  { key: 'productOrders', group: 'mall', path: 'product-orders', inMenu: true },

  { key: 'upgradePackages', group: 'devices', path: 'upgrade-packages', inMenu: true },

  { key: 'cloudConfig', group: 'system', path: 'cloud-config', inMenu: true },
  {
    key: 'staff',
    group: 'system',
    path: 'admin/staff',
    inMenu: true,
    role: 'admin',
    load: () => import('../features/admin/StaffListPage'),
  },
];

const ROLE_RANK: Record<StaffRole, number> = { viewer: 0, operator: 1, admin: 2 };

export function roleIn(user: CurrentUser, tenant: Tenant): StaffRole | undefined {
  return user.roles.find((r) => r.tenant === tenant)?.role;
}

export function mayOpen(area: PortalArea, user: CurrentUser, tenant: Tenant): boolean {
  if (!area.role) return true;
  const role = roleIn(user, tenant);
  return role !== undefined && ROLE_RANK[role] >= ROLE_RANK[area.role];
}

export const isBuilt = (area: PortalArea): boolean => area.load !== undefined;

export function findArea(key: string): PortalArea | undefined {
  return PORTAL_AREAS.find((area) => area.key === key);
}

export interface MenuGroup {
  group: AreaGroup;
  areas: PortalArea[];
}

export interface AreaMenu {
  top: PortalArea[];
  groups: MenuGroup[];
}

/** What the side menu shows this user in this tenant: built areas they may open, empty groups left out. */
export function menuFor(user: CurrentUser, tenant: Tenant): AreaMenu {
  const visible = PORTAL_AREAS.filter((a) => a.inMenu && isBuilt(a) && mayOpen(a, user, tenant));
  return {
    top: visible.filter((a) => a.group === undefined),
    groups: AREA_GROUPS.map((group) => ({ group, areas: visible.filter((a) => a.group === group) })).filter(
      (g) => g.areas.length > 0,
    ),
  };
}
