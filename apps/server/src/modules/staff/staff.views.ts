import { QueryBuilder } from 'drizzle-orm/pg-core';
import { rolesOfStaffUser } from './staff.repo.js';
import { staffUsers } from './staff.tables.js';

/*
 * What other modules may read of staff accounts: read-only views (subqueries the planner flattens into the
 * query that joins them, so they cost what the table would). Changes go through the staff service.
 */

/**
 * A staff account as a session resolves it on every request: who it is, its roles, and what ends its
 * sessions (disabled, or credentials changed since sign-in). Never its password hash.
 */
export const staffAccounts = new QueryBuilder()
  .select({
    id: staffUsers.id,
    userName: staffUsers.userName,
    displayName: staffUsers.displayName,
    mustChangePassword: staffUsers.mustChangePassword,
    systemAdmin: staffUsers.systemAdmin,
    disabled: staffUsers.disabled,
    credentialsVersion: staffUsers.credentialsVersion,
    roles: rolesOfStaffUser.as('roles'),
  })
  .from(staffUsers)
  .as('staff_accounts');
