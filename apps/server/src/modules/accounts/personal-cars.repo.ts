import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@cmp/domain';
import {
  DEFAULT_PERSONAL_CAR_SORT,
  PERSONAL_CAR_SORTABLE,
  type PersonalCarFilter,
} from '@cmp/domain/accounts/car-contracts';
import { parseSort } from '@cmp/domain/platform/paging';
import type { DbOrTx } from '../../platform/db/database.js';
import { accounts, personalCars } from './accounts.tables.js';

/** What the list sorts by, as an expression that is never null, and its type for a cursor's value. */
const SORT_KEYS = {
  createTime: { expression: sql`${personalCars.createTime}`, type: sql.raw('timestamptz') },
  updateTime: { expression: sql`${personalCars.updateTime}`, type: sql.raw('timestamptz') },
  plateNumber: { expression: sql`coalesce(${personalCars.plateNumber}, '')`, type: sql.raw('text') },
} satisfies Record<(typeof PERSONAL_CAR_SORTABLE)[number], { expression: SQL; type: SQL }>;

export interface CarOrder {
  key: (typeof SORT_KEYS)[keyof typeof SORT_KEYS];
  direction: 'asc' | 'desc';
}

/** The requested order (400 for a column it cannot sort by), latest changed first by default. */
export function carOrder(sort: string | undefined): CarOrder {
  const order = parseSort(sort || DEFAULT_PERSONAL_CAR_SORT, PERSONAL_CAR_SORTABLE)!;
  return { key: SORT_KEYS[order.column], direction: order.direction };
}

const orderBy = ({ key, direction }: CarOrder) =>
  direction === 'asc'
    ? [sql`${key.expression} asc`, sql`${personalCars.vehicleId} asc`]
    : [sql`${key.expression} desc`, sql`${personalCars.vehicleId} desc`];

export type CarFilter = Omit<PersonalCarFilter, 'sort'>;

/** One account's cars, a plate's beginning (any case), a binding status, a model. */
export function carWhere(tenant: Tenant, filter: CarFilter): SQL {
  const plate = filter.plateNumber?.toUpperCase().replace(/[\\%_]/g, '\\$&');
  return and(
    eq(personalCars.tenant, tenant),
    filter.userId ? eq(personalCars.userId, filter.userId) : undefined,
    plate ? sql`upper(${personalCars.plateNumber}) like ${`${plate}%`}` : undefined,
    filter.bindingStatus ? eq(personalCars.bindingStatus, filter.bindingStatus) : undefined,
    filter.model ? eq(personalCars.model, filter.model) : undefined,
  )!;
}

const withOwner = (db: DbOrTx) =>
  db
    .select({ car: personalCars, ownerName: accounts.name, ownerNickName: accounts.nickName })
    .from(personalCars)
    .leftJoin(
      accounts,
      and(eq(accounts.tenant, personalCars.tenant), eq(accounts.accountId, personalCars.userId)),
    );

export type CarListRow = Awaited<ReturnType<ReturnType<typeof withOwner>['execute']>>[number];

export async function carPage(
  db: DbOrTx,
  where: SQL,
  order: CarOrder,
  page: { offset: number; limit: number },
): Promise<{ rows: CarListRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    withOwner(db)
      .where(where)
      .orderBy(...orderBy(order))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(personalCars).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function countCars(db: DbOrTx, where: SQL): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(personalCars).where(where);
  return counted?.n ?? 0;
}

export interface CarCursor {
  value: string;
  vehicleId: string;
}

/** A batch of an export in the list's order, after `cursor`. */
export async function carBatch(
  db: DbOrTx,
  where: SQL,
  order: CarOrder,
  cursor: CarCursor | null,
  size: number,
): Promise<{ rows: CarListRow[]; next: CarCursor | null }> {
  const { key, direction } = order;
  const after = cursor
    ? sql`(${key.expression}, ${personalCars.vehicleId}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${cursor.value}::${key.type}, ${cursor.vehicleId})`
    : undefined;
  const rows = await db
    .select({
      car: personalCars,
      ownerName: accounts.name,
      ownerNickName: accounts.nickName,
      cursorValue: sql<string>`(${key.expression})::text`,
    })
    .from(personalCars)
    .leftJoin(
      accounts,
      and(eq(accounts.tenant, personalCars.tenant), eq(accounts.accountId, personalCars.userId)),
    )
    .where(and(where, after))
    .orderBy(...orderBy(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows,
    next: last && rows.length === size ? { value: last.cursorValue, vehicleId: last.car.vehicleId } : null,
  };
}
