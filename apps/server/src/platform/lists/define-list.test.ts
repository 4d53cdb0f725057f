import { and, eq, gte, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SortError } from '@cmp/domain';
import type { Database } from '../db/database.js';
import { testDatabase } from '../../test/test-database.js';
import { defineList, narrows } from './define-list.js';
import type { ListCursor, NullsOrder } from './list-order.js';

/** A table of the test's own: a nullable key with ties and nulls, a text key, times a microsecond apart. */
const probes = pgTable('list_probes', {
  id: integer('id').primaryKey(),
  grp: text('grp').notNull(),
  rank: integer('rank'),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true, precision: 6 }).notNull(),
});

interface Probe {
  id: number;
  grp: string;
  rank: number | null;
  name: string;
}

// Ranks with ties and nulls, so that every order has runs of equal keys for the tie-breaker to order.
const RANKS = [3, null, 1, 3, null, 2, 1, 3, null, 2, 2, 1];
const ROWS = RANKS.map((rank, index) => ({
  id: index + 1,
  grp: index % 3 === 0 ? 'a' : 'b',
  rank,
  name: `n${(index * 7) % 12}`,
}));

const listOf = (nulls: NullsOrder) =>
  defineList({
    table: probes,
    id: probes.id,
    sort: {
      keys: { rank: probes.rank, name: probes.name, at: probes.at },
      default: 'rank:desc',
      nulls,
    },
    where: (filter: { grp?: string; minId?: number }) =>
      and(
        filter.grp ? eq(probes.grp, filter.grp) : undefined,
        filter.minId ? gte(probes.id, filter.minId) : undefined,
      ),
    select: (db, cursor) =>
      db
        .select({ id: probes.id, grp: probes.grp, rank: probes.rank, name: probes.name, ...cursor })
        .from(probes)
        .$dynamic(),
  });

/** The rows in an order as the spec of that order says, ties by id in the same direction. */
function expected(
  sort: 'rank' | 'name',
  direction: 'asc' | 'desc',
  nulls: NullsOrder,
  rows: Probe[] = ROWS,
): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  // `low`: nulls are the smallest value; `high`: the largest.
  const nullValue = nulls === 'low' ? -Infinity : Infinity;
  const value = (row: Probe) => (sort === 'rank' ? (row.rank ?? nullValue) : row.name);
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.id - b.id) * sign;
    })
    .map((row) => row.id);
}

describe('lists declared with defineList', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    await database.db.execute(sql`drop table if exists list_probes`);
    await database.db.execute(
      sql`create table list_probes (id integer primary key, grp text not null, rank integer, name text not null, at timestamptz(6) not null)`,
    );
    await database.db.insert(probes).values(
      ROWS.map((row) => ({
        ...row,
        // A microsecond apart: finer than a JavaScript date, as a cursor's value must keep it.
        at: sql`timestamptz '2026-11-28 08:00:00+00' + ${row.id} * interval '1 microsecond'`,
      })),
    );
  });
  afterAll(() => database.db.execute(sql`drop table if exists list_probes`));

  for (const nulls of ['low', 'high'] as const) {
    describe(`with nulls ${nulls === 'low' ? 'the smallest' : 'the largest'} value`, () => {
      const list = listOf(nulls);

      it('should order by the key asked for, ties by id in the same direction, the default otherwise', async () => {
        for (const sort of ['rank', 'name'] as const) {
          for (const direction of ['asc', 'desc'] as const) {
            const page = await list.page(
              database.db,
              { sort: `${sort}:${direction}` },
              { pageNo: 1, pageSize: 50 },
            );
            expect(
              page.rows.map((row) => row.id),
              `${sort}:${direction}`,
            ).toEqual(expected(sort, direction, nulls));
          }
        }
        const byDefault = await list.page(database.db, {}, { pageNo: 1, pageSize: 50 });
        expect(byDefault.rows.map((row) => row.id)).toEqual(expected('rank', 'desc', nulls));
      });

      it('should page by offset with the total of the filter, pages never overlapping', async () => {
        const sort = 'rank:asc';
        const pages = await Promise.all(
          [1, 2, 3].map((pageNo) => list.page(database.db, { grp: 'b', sort }, { pageNo, pageSize: 3 })),
        );
        expect(pages.map((page) => page.total)).toEqual([8, 8, 8]);
        expect(pages.flatMap((page) => page.rows.map((row) => row.id))).toEqual(
          expected(
            'rank',
            'asc',
            nulls,
            ROWS.filter((row) => row.grp === 'b'),
          ),
        );
        expect(await list.count(database.db, { grp: 'a' })).toBe(4);
      });

      it('should read every order batch by batch from its cursor, across ties and nulls, as the pages show it', async () => {
        for (const sort of ['rank:asc', 'rank:desc', 'name:asc', 'name:desc']) {
          for (const size of [1, 2, 5]) {
            const ids: number[] = [];
            let cursor: ListCursor | null = null;
            do {
              const batch: Awaited<ReturnType<typeof list.batch>> = await list.batch(
                database.db,
                { sort, minId: 2 },
                cursor,
                size,
              );
              expect(batch.rows.length).toBeLessThanOrEqual(size);
              ids.push(...batch.rows.map((row) => row.id));
              cursor = batch.next;
            } while (cursor);
            const page = await list.page(database.db, { sort, minId: 2 }, { pageNo: 1, pageSize: 50 });
            expect(ids, `${sort} in batches of ${size}`).toEqual(page.rows.map((row) => row.id));
          }
        }
      });
    });
  }

  it('should resume a batch at a time a microsecond after the last, finer than a JavaScript date', async () => {
    const list = listOf('low');
    const ids: number[] = [];
    let cursor: ListCursor | null = null;
    do {
      const batch: Awaited<ReturnType<typeof list.batch>> = await list.batch(
        database.db,
        { sort: 'at:desc' },
        cursor,
        1,
      );
      ids.push(...batch.rows.map((row) => row.id));
      cursor = batch.next;
    } while (cursor);
    expect(ids).toEqual(ROWS.map((row) => row.id).reverse());
  });

  it('should refuse a column the list cannot sort by, and a sort that is not column:direction', async () => {
    const list = listOf('low');
    expect(() => list.order('grp:asc')).toThrow(SortError);
    expect(() => list.order('rank')).toThrow(SortError);
    await expect(list.page(database.db, { sort: 'grp:asc' }, { pageNo: 1, pageSize: 5 })).rejects.toThrow(
      SortError,
    );
  });

  it('should answer the total a trigger keeps instead of counting, when the list has one for the filter', async () => {
    const list = defineList({
      table: probes,
      id: probes.id,
      sort: { keys: { name: probes.name }, default: 'name:asc' },
      where: (filter: { grp?: string }) => (filter.grp ? eq(probes.grp, filter.grp) : undefined),
      select: (db, cursor) =>
        db
          .select({ id: probes.id, ...cursor })
          .from(probes)
          .$dynamic(),
      keptTotal: (_db, filter) => (narrows(filter, []) ? undefined : Promise.resolve(1000)),
    });
    expect((await list.page(database.db, {}, { pageNo: 1, pageSize: 2 })).total).toBe(1000);
    expect((await list.page(database.db, { grp: 'a' }, { pageNo: 1, pageSize: 2 })).total).toBe(4);
  });

  it('should tell a filter that narrows from one that only scopes or orders its list', () => {
    expect(narrows({ tenant: 'nio', sort: 'name:asc' }, ['tenant'])).toBe(false);
    expect(narrows({ tenant: 'nio', name: undefined }, ['tenant'])).toBe(false);
    expect(narrows({ tenant: 'nio', name: 'x' }, ['tenant'])).toBe(true);
  });
});
