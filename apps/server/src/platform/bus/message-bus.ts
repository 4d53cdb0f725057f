import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/database.js';

export type BusHandler = (payload: string) => void;

/**
 * Messages between the portal processes that share one database (a command for the process that holds a
 * charger's socket, its result back to the issuer). Delivery is at most once and only to processes
 * listening at the time: callers keep the truth in the database and use the bus only to be woken.
 */
export interface MessageBus {
  publish(channel: string, payload: string): Promise<void>;
  /** Answers the function that stops this subscription. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The bus of the database's processes: PostgreSQL's LISTEN/NOTIFY on a server, an in-process emitter on
 * the embedded database (which one process alone holds). Apps built on one Database object share its bus,
 * as processes on one server do.
 */
export function messageBusOf(database: Database, log: FastifyBaseLogger): MessageBus {
  if (database.url) return new PostgresBus(database, database.url, log);
  let bus = inProcessBuses.get(database);
  if (!bus) {
    bus = new InProcessBus();
    inProcessBuses.set(database, bus);
  }
  return bus;
}

const inProcessBuses = new WeakMap<Database, InProcessBus>();

class InProcessBus implements MessageBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, payload: string): Promise<void> {
    // Asynchronously, as a notification arrives: a handler never runs inside its publisher's call.
    setImmediate(() => this.emitter.emit(channel, payload));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }

  async close(): Promise<void> {}
}

const RECONNECT_MS = 1000;
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), NOTIFY through the pool.
 * A lost listening connection is opened again and every channel listened to again; what was notified in
 * between is lost, which callers allow for (their waits end by timeout and the rows are read again).
 */
class PostgresBus implements MessageBus {
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async publish(channel: string, payload: string): Promise<void> {
    await this.database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      const client = await this.connection();
      await client.query(`listen ${channel}`);
    }
    set.add(handler);
    return async () => {
      const handlers = this.handlers.get(channel);
      handlers?.delete(handler);
      if (handlers?.size === 0) {
        this.handlers.delete(channel);
        await this.client?.query(`unlisten ${channel}`).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    if (this.closed) {
      await client.end();
      throw new Error('the message bus is closed');
    }
    this.client = client;
    for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
    return client;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.log.warn({ err: error }, 'message bus connection lost; listening again');
    void client.end().catch(() => {});
    const again = () => {
      if (this.closed) return;
      this.connection().catch((failure: unknown) => {
        this.log.warn({ err: failure }, 'message bus reconnect failed; trying again');
        this.retry = setTimeout(again, RECONNECT_MS);
      });
    };
    this.retry = setTimeout(again, RECONNECT_MS);
  }
}
