import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { testDatabase } from '../../test/test-database.js';
import { openDatabase, type Database } from './database.js';
import { withPreparedStatements, type PgliteClient } from './pglite-prepared.js';

let database: Database;
const url = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  // On PostgreSQL a pool of its own: the worker's shared pool names only its first texts, and the test
  // files run before this one in the worker may have used them all.
  database = url ? await openDatabase({ kind: 'postgres', url, poolSize: 1 }) : await testDatabase();
});

afterAll(async () => {
  if (url) await database.close();
});

describe('prepared statements, either database', () => {
  it('should prepare a parameterised statement once per connection and run it again by name', async () => {
    const text = 'select $1::int + 41 as answer';
    const { answers, prepared } = await database.db.transaction(async (tx) => {
      // One transaction is one connection, whose prepared statements pg_prepared_statements lists.
      const answers = [];
      for (let i = 1; i <= 3; i++) {
        answers.push(((await tx.execute(sql`select ${i}::int + 41 as answer`)) as { rows: unknown[] }).rows);
      }
      const listed = (await tx.execute(
        sql`select name from pg_prepared_statements where statement = ${text}`,
      )) as { rows: { name: string }[] };
      return { answers, prepared: listed.rows };
    });

    expect(answers).toEqual([[{ answer: 42 }], [{ answer: 43 }], [{ answer: 44 }]]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^cmp_[ps]\d+$/);
  });
});

describe.runIf(!url)('prepared statements on PGlite', () => {
  let pglite: PGlite;
  const probe = 'prepared_probe';

  beforeAll(async () => {
    pglite = (database.db as unknown as { $client: PgliteClient }).$client.pglite;
    await pglite.exec(`
      create table ${probe} (id int primary key, label text, at timestamptz, tags int[], doc jsonb, amount numeric);
      insert into ${probe} values
        (1, 'one', '2026-11-22T08:00:00+08:00', '{1,2}', '{"a": 1}', 12.5),
        (2, null, null, null, null, null);
    `);
  });

  afterAll(async () => {
    await pglite.exec(`drop table if exists ${probe}`);
  });

  const preparedNow = async () =>
    (
      await pglite.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows;

  it('should answer exactly as PGlite itself does, in both row modes, with and without parsers', async () => {
    const client = withPreparedStatements(pglite);
    const asText: QueryOptions = { rowMode: 'array', parsers: { 1184: (value: string) => value } };
    const cases: [string, unknown[], QueryOptions | undefined][] = [
      [`select * from ${probe} where id = $1`, [1], undefined],
      [`select * from ${probe} where id = $1`, [2], undefined],
      [`select * from ${probe} where id = any($1) order by id`, [[1, 2]], asText],
      [
        `select id, label from ${probe} where at < $1 or label = $2`,
        [new Date(), 'one'],
        { rowMode: 'array' },
      ],
      [`update ${probe} set label = label where id = $1`, [1], undefined],
      [`select count(*) from ${probe} where doc @> $1`, [{ a: 1 }], undefined],
    ];
    for (const [text, params, options] of cases) {
      expect(await client.query(text, params, options)).toEqual(await pglite.query(text, params, options));
    }
  });

  it('should keep at most its limit of statements prepared, deallocating the least recently used', async () => {
    const client = withPreparedStatements(pglite, 2);
    const before = new Set((await preparedNow()).map((row) => row.name));
    const run = (column: string) => client.query(`select ${column} from ${probe} where id = $1`, [1]);

    await run('id');
    await run('label');
    await run('id');
    await run('amount'); // evicts "label", deallocated with the next statement prepared
    await run('doc'); // evicts "id"
    await run('doc');

    // The two kept, and the one evicted last, deallocated when the next statement is prepared.
    const added = (await preparedNow()).filter((row) => !before.has(row.name));
    expect(added.map((row) => row.statement).sort()).toEqual(
      ['amount', 'doc', 'id'].map((column) => `select ${column} from ${probe} where id = $1`),
    );
  });

  it('should prepare a statement again when a schema change made it stale, outside a transaction', async () => {
    const client = withPreparedStatements(pglite);
    const text = `select amount from ${probe} where id = $1`;
    expect((await client.query(text, [1])).rows).toEqual([{ amount: '12.5' }]);

    await pglite.exec(`alter table ${probe} alter column amount type text`);
    expect((await client.query(text, [1])).rows).toEqual([{ amount: '12.5' }]);

    await pglite.exec(`alter table ${probe} alter column amount type numeric using amount::numeric`);
    const inTransaction = client.transaction((tx) => tx.query(text, [1]));
    await expect(inTransaction).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query(text, [1])).rows).toEqual([{ amount: '12.5' }]);
  });

  it('should let timers fire and requests in while a long queue of statements runs', async () => {
    const client = withPreparedStatements(pglite);
    const statements = 5000;
    let answered = 0;
    const all = Promise.all(
      Array.from({ length: statements }, (_, i) =>
        client.query('select $1::int as n', [i]).then(() => answered++),
      ),
    );
    const answeredWhenTheTimerFired = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(answered), 0),
    );
    await all;

    expect(answered).toBe(statements);
    expect(answeredWhenTheTimerFired).toBeLessThan(statements);
  });

  it('should fail as PGlite fails, and commit or roll back transactions as PGlite does', async () => {
    const client = withPreparedStatements(pglite);
    const insert = `insert into ${probe} (id, label) values ($1, $2)`;

    await expect(client.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505', query: insert });
    await client.transaction(async (tx) => {
      await tx.query(insert, [3, 'three']);
    });
    const failed = client.transaction(async (tx) => {
      await tx.query(insert, [4, 'four']);
      await tx.query(insert, [1, 'duplicate']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    await client.transaction(async (tx) => {
      await tx.query(insert, [5, 'five']);
      await tx.rollback();
    });

    const ids = await client.query<{ id: number }>(`select id from ${probe} where id > $1 order by id`, [2]);
    expect(ids.rows).toEqual([{ id: 3 }]);
  });
});
