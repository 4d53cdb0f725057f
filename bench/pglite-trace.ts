/**
 * How long PGlite holds the database, per statement and per transaction. PGlite runs every statement
 * synchronously on the main thread, one at a time, and a transaction keeps every other statement out
 * until it commits, including while its code awaits something else. For benchmarks only: it wraps
 * the client's methods.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

interface Cost {
  count: number;
  ms: number;
}

interface OpenTransaction {
  startedAt: number;
  execMs: number;
  statements: number;
  first: string | null;
}

const PARSE = 0x50; // 'P': extended-protocol Parse: the statement's name and text
const BIND = 0x42; // 'B': Bind: a portal's name, then the statement's
const QUERY = 0x51; // 'Q': simple query (BEGIN, COMMIT, ...)

/** The zero-terminated string at `start` and where the next field begins. */
function cString(message: Uint8Array, start: number): [string, number] {
  let end = start;
  while (end < message.length && message[end] !== 0) end++;
  return [Buffer.from(message.subarray(start, end)).toString('utf8'), end + 1];
}

/** Parameter lists folded, so that `in (...)` of any length is one statement. */
const fold = (text: string) => text.replace(/\$\d+(, \$\d+)+/g, '$n…').replace(/\s+/g, ' ');

export class PgliteTrace {
  private readonly statements = new Map<string, Cost>();
  /** Texts of the statements prepared by name, to name what a later Bind of them runs. */
  private readonly named = new Map<string, string>();
  private readonly transactions = new Map<string, Cost & { execMs: number; max: number }>();
  private current = 'unknown';
  private open: OpenTransaction | null = null;
  private recording = false;
  private busyMs = 0;

  constructor(client: PGlite) {
    const execSync = client.execProtocolRawSync.bind(client);
    client.execProtocolRawSync = (message: Uint8Array) => {
      const counted = this.follow(message);
      const started = performance.now();
      try {
        return execSync(message);
      } finally {
        const ms = performance.now() - started;
        if (this.recording) {
          this.busyMs += ms;
          const cost = this.statements.get(this.current) ?? { count: 0, ms: 0 };
          if (counted) cost.count++;
          cost.ms += ms;
          this.statements.set(this.current, cost);
          if (this.open) {
            this.open.execMs += ms;
            if (counted && message[0] !== QUERY) {
              this.open.statements++;
              this.open.first ??= this.current;
            }
          }
        }
      }
    };
    const transaction = client.transaction.bind(client);
    client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction(async (tx) => {
        const open: OpenTransaction = { startedAt: performance.now(), execMs: 0, statements: 0, first: null };
        this.open = open;
        try {
          return await callback(tx);
        } finally {
          this.open = null;
          if (this.recording) this.closeTransaction(open);
        }
      });
  }

  /**
   * Notes which statement the messages run; answers whether they start one (a simple query, an unnamed
   * Parse, a Bind of a named statement), so that preparing a statement and running it count once.
   */
  private follow(buffer: Uint8Array): boolean {
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    let starts = false;
    for (let at = 0; at + 5 <= buffer.length; at += 1 + view.getInt32(at + 1)) {
      const type = buffer[at];
      if (type === QUERY) {
        this.current = fold(cString(buffer, at + 5)[0]);
        starts = true;
      } else if (type === PARSE) {
        const [name, next] = cString(buffer, at + 5);
        this.current = fold(cString(buffer, next)[0]);
        if (name === '') starts = true;
        else this.named.set(name, this.current);
      } else if (type === BIND) {
        const [name] = cString(buffer, cString(buffer, at + 5)[1]);
        if (name !== '') {
          this.current = this.named.get(name) ?? name;
          starts = true;
        }
      }
    }
    return starts;
  }

  start(): void {
    this.recording = true;
  }

  stop(): void {
    this.recording = false;
  }

  private closeTransaction(open: OpenTransaction): void {
    const key = `${open.statements} statements, first: ${open.first ?? '-'}`;
    const ms = performance.now() - open.startedAt;
    const cost = this.transactions.get(key) ?? { count: 0, ms: 0, execMs: 0, max: 0 };
    cost.count++;
    cost.ms += ms;
    cost.execMs += open.execMs;
    cost.max = Math.max(cost.max, ms);
    this.transactions.set(key, cost);
  }

  print(windowMs: number): void {
    const share = (ms: number) => `${((ms / windowMs) * 100).toFixed(1)} %`;
    const statements = [...this.statements].sort(([, a], [, b]) => b.ms - a.ms);
    const total = statements.reduce((sum, [, cost]) => sum + cost.count, 0);
    console.log(
      `\nPGlite ran statements for ${(this.busyMs / 1000).toFixed(1)} s of the ${(windowMs / 1000).toFixed(0)} s ` +
        `window (${share(this.busyMs)}), ${total} statements (${((total / windowMs) * 1000).toFixed(0)}/s); the costliest:`,
    );
    console.log('| statement | count | total | mean |');
    console.log('|---|---|---|---|');
    for (const [text, cost] of statements.slice(0, 25)) {
      console.log(
        `| ${text.slice(0, 150)} | ${cost.count} | ${cost.ms.toFixed(0)} ms | ${(cost.ms / Math.max(1, cost.count)).toFixed(2)} ms |`,
      );
    }
    console.log(
      '\ntransactions (held = BEGIN done to callback end; the rest of held is waiting on other work):',
    );
    console.log('| transaction | count | held | of it statements | mean held | max held |');
    console.log('|---|---|---|---|---|---|');
    for (const [key, cost] of [...this.transactions].sort(([, a], [, b]) => b.ms - a.ms).slice(0, 12)) {
      console.log(
        `| ${key.slice(0, 140)} | ${cost.count} | ${cost.ms.toFixed(0)} ms | ${cost.execMs.toFixed(0)} ms | ` +
          `${(cost.ms / cost.count).toFixed(1)} ms | ${cost.max.toFixed(0)} ms |`,
      );
    }
  }
}
