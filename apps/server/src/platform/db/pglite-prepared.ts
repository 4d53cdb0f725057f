import {
  parse,
  protocol,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** What Drizzle calls on a PGlite client: queries, and transactions whose queries it runs the same way. */
export interface PgliteClient {
  /** The PGlite underneath, for tools that watch it (bench/pglite-trace.ts). */
  readonly pglite: PGlite;
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** Statements kept prepared; the least recently used one beyond this is deallocated. */
export const MAX_PREPARED_STATEMENTS = 500;

/** SQLSTATEs that mean a kept statement no longer fits the database: prepare it again. */
const STALE_STATEMENT = new Set([
  '26000', // invalid_sql_statement_name: it was deallocated behind our back
  '0A000', // feature_not_supported: "cached plan must not change result type" after a schema change
]);

const { serialize } = protocol;

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

type Parser = (value: string, typeId: number) => unknown;

/**
 * The result of one executed statement, as PGlite's `parseResults` gives it, but with each column's
 * parser looked up once: `parseResults` copies PGlite's whole parser table (a few hundred entries) to
 * merge in the caller's on every query, 6 to 8 % of the server's CPU under bench/mixed-load.ts.
 */
function resultOf<T>(
  answer: messages.BackendMessage[],
  defaults: Record<number | string, Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  const asArrays = options?.rowMode === 'array';
  for (const message of answer) {
    if (message.name === 'rowDescription') {
      fields = (message as messages.RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({
        name,
        dataTypeID,
      }));
      parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? defaults[dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as messages.DataRowMessage).fields.map((value, i) => {
        const parser = parsers[i];
        return value === null || !parser ? value : parser(value, fields[i]!.dataTypeID);
      });
      rows.push(asArrays ? values : Object.fromEntries(fields.map((field, i) => [field.name, values[i]])));
    } else if (message.name === 'commandComplete') {
      // "SELECT 2", "UPDATE 3", "INSERT 0 5": the count is the last word, when there is one.
      const words = (message as messages.CommandCompleteMessage).text.split(' ');
      const command = words[0]!;
      const rowCount = parseInt(words.at(-1)!, 10);
      const counted = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
      return {
        rows: rows as T[],
        fields,
        command,
        affectedRows: counted ? rowCount : 0,
        ...(Number.isNaN(rowCount) ? {} : { rowCount }),
      } as Results<T>;
    }
  }
  return { rows: [], fields: [], affectedRows: 0 };
}

/**
 * How long statements may run back to back before the event loop gets a turn. Under bench/mixed-load.ts
 * 100 ms gave the most throughput: turns every 20 ms cost about a tenth of it, and without turns each
 * burst held every request of the queue at once.
 */
const SLICE_MS = 100;
let sliceStarted = performance.now();

/**
 * Gives the event loop a turn when SLICE_MS have passed since its last one; called by the statement that
 * holds the database next, so the others keep their place in its queue. PGlite answers on the main
 * thread without I/O, so a queue of statements runs as one chain of microtasks: without turns no request
 * is read and no timer fires until the whole queue has run (0.3 to 0.9 s under bench/mixed-load.ts),
 * and requests not yet read cannot even join the queue.
 */
async function takeTurn(): Promise<void> {
  if (performance.now() - sliceStarted < SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  sliceStarted = performance.now();
}

/** Counts across clients, so that two on one database never reuse a name. */
let statementsPrepared = 0;

interface Prepared {
  name: string;
  paramTypes: number[];
}

/**
 * A PGlite client that prepares each parameterised statement once, by name, and from then on only binds
 * and executes it. PGlite's own `query` sends every statement unnamed, so Postgres parses, analyses and
 * plans it again each time; in WebAssembly that is most of a typical statement's cost (the session
 * look-up: 0.87 ms, of which 0.17 ms once prepared), and it all runs on the event loop's thread.
 * Statements without parameters (migrations, BEGIN, ANALYZE) go through PGlite unchanged.
 *
 * Locking follows PGlite's: outside a transaction a statement takes the transaction lock, then the
 * query lock; inside one, only the query lock, the transaction already holding the other.
 */
export function withPreparedStatements(pg: PGlite, max = MAX_PREPARED_STATEMENTS): PgliteClient {
  // Map order is use order: a hit moves the statement to the end.
  const statements = new Map<string, Prepared>();
  let deallocate: string[] = [];

  const prepare = async (text: string, options: QueryOptions | undefined): Promise<Prepared> => {
    const name = `cmp_p${++statementsPrepared}`;
    const described = await pg.execProtocolStream(
      concat([
        ...deallocate.map((old) => serialize.close({ type: 'S', name: old })),
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    deallocate = [];
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, prepared);
    for (const [oldText, old] of statements) {
      if (statements.size <= max) break;
      statements.delete(oldText);
      deallocate.push(old.name);
    }
    return prepared;
  };

  const forget = (text: string) => {
    const stale = statements.get(text);
    if (!stale) return;
    statements.delete(text);
    deallocate.push(stale.name);
  };

  const execute = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> => {
    try {
      let prepared = statements.get(text);
      if (prepared) {
        statements.delete(text);
        statements.set(text, prepared);
      } else {
        prepared = await prepare(text, options);
      }
      const { name, paramTypes } = prepared;
      // Values as PGlite's own query serialises them, by the types Postgres inferred.
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = paramTypes[i]!;
        const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      const answer = await pg.execProtocolStream(
        concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        // As PGlite does: a statement outside a transaction is committed, so the files are synced.
        { syncToFs: !inTransaction, onNotice: options?.onNotice },
      );
      return resultOf<T>(answer, pg.parsers, options);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== undefined && STALE_STATEMENT.has(code)) forget(text);
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
  };

  const canPrepare = (
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): params is unknown[] => params !== undefined && params.length > 0 && !options?.blob;

  const query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (!canPrepare(params, options)) return pg.query<T>(text, params, options);
    const run = () =>
      pg._runExclusiveTransaction(async () => {
        await takeTurn();
        return pg.runExclusive(() => execute<T>(text, params, options, false));
      });
    try {
      return await run();
    } catch (error) {
      // Outside a transaction nothing else was affected: the statement can simply be prepared again.
      if (statements.has(text) || !STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
      return run();
    }
  };

  return {
    pglite: pg,
    query,
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      pg.transaction(async (tx) => {
        await takeTurn();
        return callback({
          query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (!canPrepare(params, options)) return tx.query<R>(text, params, options);
            // As PGlite's own transaction object: once committed or rolled back, it is not used again.
            if (tx.closed) throw new Error('Transaction is closed');
            return pg.runExclusive(() => execute<R>(text, params, options, true));
          },
          sql: (strings, ...params) => tx.sql(strings, ...params),
          exec: (text, options) => tx.exec(text, options),
          rollback: () => tx.rollback(),
          listen: (channel, listener) => tx.listen(channel, listener),
          get closed() {
            return tx.closed;
          },
        });
      }),
  };
}
