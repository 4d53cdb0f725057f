import type { CurrentUser, StaffRole, Tenant } from '@cmp/domain';
import { hasRole } from './session/roles';

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

export interface PortalArea {
  /** Also the name key `shell:area.<key>`. */
  key: string;
  /** Top-level entries (the home) have no group. */
  group?: AreaGroup;
  /** Inside the tenant area, without leading slash; '' is the area's home. */
  path: string;
  /**
   * Set once the screen is built (its loader in `screens.ts`); areas without it stay out of the menu and
   * the router.
   */
  built?: true;
  /** Detail screens are opened from their lists, not from the menu. */
  inMenu: boolean;
  /** Least role the user needs in the current tenant. */
  role?: StaffRole;
}

/**
 * Every area of the core and marketing specifications, as data: screens and links import it, so it imports
 * no screen (their loaders are in `screens.ts`).
 */
export const PORTAL_AREAS: readonly PortalArea[] = [
  { key: 'home', path: '', inMenu: true, built: true },

  {
    key: 'resourceOperations',
    group: 'resources',
    path: 'resources',
    inMenu: true,
    built: true,
  },
  {
    key: 'chargeStationDetail',
    group: 'resources',
    path: 'resources/charge-station',
    inMenu: false,
    built: true,
  },
  {
    key: 'swapStationDetail',
    group: 'resources',
    path: 'resources/swap-station',
    inMenu: false,
    built: true,
  },
  {
    key: 'worksheetDetail',
    group: 'resources',
    path: 'resources/worksheets/detail',
    inMenu: false,
    built: true,
  },
  {
    key: 'worksheets',
    group: 'resources',
    path: 'resources/worksheets',
    inMenu: true,
    built: true,
  },
  {
    key: 'reportedStations',
    group: 'resources',
    path: 'reported-stations',
    inMenu: true,
    built: true,
  },
  {
    key: 'reportedStationEditor',
    group: 'resources',
    path: 'reported-stations/edit',
    inMenu: false,
    built: true,
  },
  {
    key: 'crowdsourcedStations',
    group: 'resources',
    path: 'crowdsourced-stations',
    inMenu: true,
    built: true,
  },
  {
    key: 'crowdsourcedReview',
    group: 'resources',
    path: 'crowdsourced-stations/review',
    inMenu: true,
    built: true,
  },
  {
    key: 'crowdsourcedDetail',
    group: 'resources',
    path: 'crowdsourced-stations/detail',
    inMenu: false,
    built: true,
  },
  { key: 'operators', group: 'resources', path: 'operators', inMenu: true, built: true },
  {
    key: 'operatorDetail',
    group: 'resources',
    path: 'operators/detail',
    inMenu: false,
    built: true,
  },
  {
    key: 'resourceTags',
    group: 'resources',
    path: 'resource-tags',
    inMenu: true,
    built: true,
  },
  {
    key: 'remoteOperations',
    group: 'resources',
    path: 'remote-operations',
    inMenu: true,
    built: true,
  },

  // The old portal's path, so its links (`/feedback-list?commentId=`) keep their screen inside a tenant.
  {
    key: 'comments',
    group: 'comments',
    path: 'feedback-list',
    inMenu: true,
    built: true,
  },
  {
    key: 'commentDetail',
    group: 'comments',
    path: 'comments/detail',
    inMenu: false,
    built: true,
  },
  {
    key: 'commentVendors',
    group: 'comments',
    path: 'comment-vendors',
    inMenu: true,
    role: 'admin',
    built: true,
  },

  {
    key: 'roadBooks',
    group: 'trips',
    path: 'road-books',
    inMenu: true,
    built: true,
  },
  {
    key: 'routePlanning',
    group: 'trips',
    path: 'route-planning',
    inMenu: true,
    built: true,
  },
  {
    key: 'chargingPaths',
    group: 'trips',
    path: 'charging-paths',
    inMenu: true,
    built: true,
  },
  {
    key: 'chargingPathDetail',
    group: 'trips',
    path: 'charging-paths/detail',
    inMenu: false,
    built: true,
  },

  {
    key: 'accounts',
    group: 'accounts',
    path: 'accounts',
    inMenu: true,
    built: true,
  },
  {
    key: 'accountDetail',
    group: 'accounts',
    path: 'accounts/detail',
    inMenu: false,
    built: true,
  },
  {
    key: 'relations',
    group: 'accounts',
    path: 'relations',
    inMenu: true,
    built: true,
  },
  {
    key: 'personalCars',
    group: 'accounts',
    path: 'personal-cars',
    inMenu: true,
    built: true,
  },
  {
    key: 'invitations',
    group: 'accounts',
    path: 'invitations',
    inMenu: true,
    built: true,
  },

  { key: 'activityList', group: 'activities', path: 'activities', inMenu: true, built: true },
  {
    key: 'activityDetail',
    group: 'activities',
    path: 'activities/detail',
    inMenu: false,
    built: true,
  },
  {
    key: 'activityCreate',
    group: 'activities',
    path: 'activities/new',
    inMenu: false,
    role: 'operator',
    built: true,
  },
  {
    key: 'activityEditor',
    group: 'activities',
    path: 'activities/edit',
    inMenu: false,
    role: 'operator',
    built: true,
  },
  {
    key: 'activityStations',
    group: 'activities',
    path: 'activity-stations',
    inMenu: true,
    built: true,
  },
  { key: 'lotteryDraws', group: 'activities', path: 'lottery-draws', inMenu: true, built: true },
  { key: 'pointRecords', group: 'activities', path: 'point-records', inMenu: true, built: true },
  { key: 'rewardRecords', group: 'activities', path: 'reward-records', inMenu: true, built: true },

  { key: 'couponBatches', group: 'coupons', path: 'coupon-batches', inMenu: true, built: true },
  {
    key: 'couponBatchDetail',
    group: 'coupons',
    path: 'coupon-batches/detail',
    inMenu: false,
    built: true,
  },
  {
    key: 'couponGenerateRecords',
    group: 'coupons',
    path: 'coupon-generate-records',
    inMenu: true,
    built: true,
  },
  { key: 'couponRecords', group: 'coupons', path: 'coupon-records', inMenu: true, built: true },
  {
    key: 'couponAbandonRecords',
    group: 'coupons',
    path: 'coupon-abandon-records',
    inMenu: true,
    built: true,
  },
  { key: 'couponDeliveries', group: 'coupons', path: 'coupon-deliveries', inMenu: true, built: true },

  { key: 'posters', group: 'content', path: 'posters', inMenu: true, built: true },
  {
    key: 'posterEditor',
    group: 'content',
    path: 'posters/edit',
    inMenu: false,
    built: true,
  },
  { key: 'posterResources', group: 'content', path: 'poster-resources', inMenu: true, built: true },
  { key: 'shareTemplates', group: 'content', path: 'share-templates', inMenu: true, built: true },
  {
    key: 'shareTemplateEditor',
    group: 'content',
    path: 'share-templates/edit',
    inMenu: false,
    built: true,
  },
  { key: 'pushMessages', group: 'content', path: 'push-messages', inMenu: true, built: true },
  {
    key: 'pushBatchDetail',
    group: 'content',
    path: 'push-messages/detail',
    inMenu: false,
    built: true,
  },
  { key: 'cloudConfig', group: 'content', path: 'cloud-config', inMenu: true, built: true },

  { key: 'forumPosts', group: 'community', path: 'forum-posts', inMenu: true, built: true },
  {
    key: 'forumPostDetail',
    group: 'community',
    path: 'forum-posts/detail',
    inMenu: false,
    built: true,
  },
  { key: 'forumReplies', group: 'community', path: 'forum-replies', inMenu: true, built: true },
  {
    key: 'forumSensitiveWords',
    group: 'community',
    path: 'forum-sensitive-words',
    inMenu: true,
    built: true,
  },
  { key: 'groupChats', group: 'community', path: 'group-chats', inMenu: true, built: true },
  {
    key: 'groupChatDetail',
    group: 'community',
    path: 'group-chats/detail',
    inMenu: false,
    built: true,
  },

  { key: 'products', group: 'mall', path: 'products', inMenu: true, built: true },
  { key: 'productEditor', group: 'mall', path: 'products/edit', inMenu: false, built: true },
  { key: 'productOrders', group: 'mall', path: 'product-orders', inMenu: true, built: true },
  {
    key: 'productOrderDetail',
    group: 'mall',
    path: 'product-orders/detail',
    inMenu: false,
    built: true,
  },

  { key: 'upgradePackages', group: 'devices', path: 'upgrade-packages', inMenu: true, built: true },
  {
    key: 'upgradePackageDetail',
    group: 'devices',
    path: 'upgrade-packages/detail',
    inMenu: false,
    built: true,
  },

  // Everyone reads them; only admins change dictionaries (the screen and the server both check).
  { key: 'regions', group: 'system', path: 'regions', inMenu: true, built: true },
  { key: 'dictionaries', group: 'system', path: 'dictionaries', inMenu: true, built: true },
  {
    key: 'appClients',
    group: 'system',
    path: 'app-clients',
    inMenu: true,
    role: 'admin',
    built: true,
  },
  {
    key: 'staff',
    group: 'system',
    path: 'admin/staff',
    inMenu: true,
    role: 'admin',
    built: true,
  },
];

export const mayOpen = (area: PortalArea, user: CurrentUser, tenant: Tenant): boolean =>
  !area.role || hasRole(user, tenant, area.role);

export const isBuilt = (area: PortalArea): boolean => area.built === true;

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
