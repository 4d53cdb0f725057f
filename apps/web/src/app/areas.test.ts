import { describe, expect, it } from 'vitest';
import { staffUser } from '../test/fake-api';
import { isBuilt, menuFor, PORTAL_AREAS } from './areas';
import { SCREEN_LOADERS } from './screens';
import registrySource from './areas.ts?raw';

describe('area registry', () => {
  it('should give every area a unique key and path', () => {
    expect(new Set(PORTAL_AREAS.map((a) => a.key)).size).toBe(PORTAL_AREAS.length);
    expect(new Set(PORTAL_AREAS.map((a) => a.path)).size).toBe(PORTAL_AREAS.length);
  });

  it('should import no screen, since screens import it for their links', () => {
    expect(registrySource).not.toMatch(/import\(|from '\.\.\/features|from '\.\/screens'/);
  });

  it('should have a screen for exactly the areas marked built', () => {
    expect(Object.keys(SCREEN_LOADERS).sort()).toEqual(
      PORTAL_AREAS.filter(isBuilt)
        .map((a) => a.key)
        .sort(),
    );
  });

  it('should show admins the built screens of the menu only, detail screens left out', () => {
    const menu = menuFor(staffUser([{ tenant: 'pe', role: 'admin' }]), 'pe');
    expect(menu.top.map((a) => a.key)).toEqual(['home']);
    expect(menu.groups.map((g) => [g.group, g.areas.map((a) => a.key)])).toEqual([
      [
        'resources',
        [
          'resourceOperations',
          'worksheets',
          'reportedStations',
          'crowdsourcedStations',
          'crowdsourcedReview',
          'operators',
          'resourceTags',
          'remoteOperations',
        ],
      ],
      ['comments', ['comments', 'commentVendors']],
      ['trips', ['roadBooks', 'routePlanning', 'chargingPaths']],
      ['accounts', ['accounts', 'relations', 'personalCars', 'invitations']],
      ['activities', ['activityList', 'activityStations', 'lotteryDraws', 'pointRecords', 'rewardRecords']],
      [
        'coupons',
        [
          'couponBatches',
          'couponGenerateRecords',
          'couponRecords',
          'couponAbandonRecords',
          'couponDeliveries',
        ],
      ],
      ['content', ['posters', 'posterResources', 'shareTemplates', 'pushMessages', 'cloudConfig']],
      ['community', ['forumPosts', 'forumReplies', 'forumSensitiveWords', 'groupChats']],
      ['mall', ['products', 'productOrders']],
      ['devices', ['upgradePackages']],
      ['system', ['regions', 'dictionaries', 'appClients', 'staff']],
    ]);
  });

  it('should judge the role in the current tenant, not in any tenant', () => {
    const user = staffUser([
      { tenant: 'pe', role: 'admin' },
      { tenant: 'nio', role: 'operator' },
    ]);
    expect(menuFor(user, 'nio').groups.map((g) => g.group)).toEqual([
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
      // The regions and dictionaries every role reads; staff and app clients stay with admins.
      'system',
    ]);
    expect(menuFor(user, 'pe').groups.map((g) => g.group)).toEqual([
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
    ]);
    // The comment vendors are the tenant admin's.
    expect(
      menuFor(user, 'nio')
        .groups.find((g) => g.group === 'comments')
        ?.areas.map((a) => a.key),
    ).toEqual(['comments']);
  });
});
