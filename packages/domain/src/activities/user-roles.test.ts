import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  availableUserRoles,
  isUserRoleAvailable,
  USER_ROLE_LABELS,
  USER_ROLES,
  userRolesToSave,
} from './user-roles.js';

describe('user roles', () => {
  it('should order default < intentional_owner < pre_owner < vehicle_owner', () => {
    expect(USER_ROLES).toEqual(['default', 'intentional_owner', 'pre_owner', 'vehicle_owner']);
  });

  it('should label the roles', () => {
    expect(USER_ROLES.map((r) => formatMessage('en-US', { key: USER_ROLE_LABELS[r] }))).toEqual([
      'Ordinary user',
      'Intent-deposit owner and above',
      'Deposit owner and above',
      'Owner only',
    ]);
  });

  it('should offer nio every role and pe and rsc only default', () => {
    expect(availableUserRoles('nio')).toEqual(['default', 'intentional_owner', 'pre_owner', 'vehicle_owner']);
    expect(availableUserRoles('pe')).toEqual(['default']);
    expect(availableUserRoles('rsc')).toEqual(['default']);
  });

  it('should offer only roles at or after the current one', () => {
    expect(availableUserRoles('nio', 'pre_owner')).toEqual(['pre_owner', 'vehicle_owner']);
    expect(isUserRoleAvailable('nio', 'intentional_owner', 'pre_owner')).toBe(false);
    expect(isUserRoleAvailable('pe', 'vehicle_owner')).toBe(false);
  });

  it('should save the selected role and the higher ones', () => {
    expect(userRolesToSave('intentional_owner')).toEqual(['intentional_owner', 'pre_owner', 'vehicle_owner']);
    expect(userRolesToSave('vehicle_owner')).toEqual(['vehicle_owner']);
    expect(userRolesToSave('default')).toEqual(USER_ROLES);
  });
});
