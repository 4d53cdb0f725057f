import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import {
  DEFAULT_PERSONAL_CAR_SORT,
  type PERSONAL_CAR_SORTABLE,
  type PersonalCarFilter,
} from '@cmp/domain/accounts/car-contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { defineList, type CursorColumns } from '../../platform/lists/define-list.js';
import type { SortKey } from '../../platform/lists/list-order.js';
import { startsWith } from '../../platform/lists/text-match.js';
import { accounts, personalCars } from './accounts.tables.js';

/** The personal car list's filter of one tenant. */
export type CarFilter = Omit<PersonalCarFilter, 'sort'> & { tenant: Tenant };

/** One account's cars, a plate's beginning (any case), a binding status, a model. */
function carWhere({ tenant, ...filter }: CarFilter): SQL {
  return and(
    eq(personalCars.tenant, tenant),
    filter.userId ? eq(personalCars.userId, filter.userId) : undefined,
    filter.plateNumber
      ? startsWith(sql`upper(${personalCars.plateNumber})`, filter.plateNumber.toUpperCase())
      : undefined,
    filter.bindingStatus ? eq(personalCars.bindingStatus, filter.bindingStatus) : undefined,
    filter.model ? eq(personalCars.model, filter.model) : undefined,
  )!;
}

const withOwner = (db: DbOrTx, cursor: CursorColumns) =>
  db
    .select({ car: personalCars, ownerName: accounts.name, ownerNickName: accounts.nickName, ...cursor })
    .from(personalCars)
    .leftJoin(
      accounts,
      and(eq(accounts.tenant, personalCars.tenant), eq(accounts.accountId, personalCars.userId)),
    );

export interface CarListRow {
  car: typeof personalCars.$inferSelect;
  ownerName: string | null;
  ownerNickName: string | null;
}

/** The tenant's personal cars with their owners' names, the latest changed first. */
export const personalCarList = defineList({
  table: personalCars,
  id: personalCars.vehicleId,
  sort: {
    keys: {
      createTime: personalCars.createTime,
      updateTime: personalCars.updateTime,
      // A car without a plate sorts as an empty plate: first going up.
      plateNumber: { key: sql`coalesce(${personalCars.plateNumber}, '')`, type: 'text' },
    } satisfies Record<(typeof PERSONAL_CAR_SORTABLE)[number], SortKey>,
    default: DEFAULT_PERSONAL_CAR_SORT,
  },
  where: carWhere,
  select: (db, cursor) => withOwner(db, cursor).$dynamic(),
});
