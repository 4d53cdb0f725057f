import type { FastifyBaseLogger } from 'fastify';
import type { Tenant } from '@cmp/domain';
import type { Notifications } from '@cmp/domain/cloud-config/cloud-config';
import type { MessageBus } from '../../platform/bus/message-bus.js';

const CHANNEL = 'cmp_config_release';

interface Announcement {
  tenant: Tenant;
  namespaceName: string;
  notificationId: number;
}

type Listener = (namespaceName: string, notificationId: number) => void;

const watchKey = (tenant: Tenant, namespaceName: string) => `${tenant}/${namespaceName}`;

/**
 * Tells the long polls held by this process of each release, whichever process made it: a release is
 * announced on the message bus (LISTEN/NOTIFY on PostgreSQL, in process on PGlite) once committed, and
 * this process hands it to the polls watching that namespace. The bus may drop an announcement (a lost
 * connection); a poll reads the notification ids from the database after it starts watching, and ends
 * by timeout, so the app's next poll finds a release it missed.
 */
export class ReleaseNotifier {
  private readonly listeners = new Map<string, Set<Listener>>();
  private unsubscribe: (() => Promise<void>) | undefined;
  private readonly closing = new Set<() => void>();

  constructor(
    private readonly bus: MessageBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(CHANNEL, (payload) => this.deliver(payload));
  }

  /** Ends every poll held (each answers as on its timeout), so a shutdown waits for none of them. */
  async stop(): Promise<void> {
    const ends = [...this.closing];
    this.closing.clear();
    for (const end of ends) end();
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** After the release's transaction commits; a failure costs the polls only their wait for the timeout. */
  async announce(announcement: Announcement): Promise<void> {
    await this.bus.publish(CHANNEL, JSON.stringify(announcement)).catch((error: unknown) => {
      this.log.warn({ err: error }, 'announcing a configuration release failed; polls learn of it later');
    });
  }

  /**
   * Calls `listener` for each release of the tenant's namespaces named, and `onClose` when the process
   * stops; answers the function that stops watching. A watcher costs a set entry per namespace, nothing
   * shared is locked.
   */
  watch(tenant: Tenant, namespaceNames: string[], listener: Listener, onClose: () => void): () => void {
    const keys = namespaceNames.map((name) => watchKey(tenant, name));
    for (const key of keys) {
      let set = this.listeners.get(key);
      if (!set) {
        set = new Set();
        this.listeners.set(key, set);
      }
      set.add(listener);
    }
    this.closing.add(onClose);
    return () => {
      for (const key of keys) {
        const set = this.listeners.get(key);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(key);
      }
      this.closing.delete(onClose);
    };
  }

  /** Polls held now, for tests and the benchmark. */
  get watching(): number {
    return this.closing.size;
  }

  private deliver(payload: string): void {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    const set = this.listeners.get(watchKey(announcement.tenant, announcement.namespaceName));
    if (!set) return;
    for (const listener of [...set]) listener(announcement.namespaceName, announcement.notificationId);
  }
}

export interface LongPollOptions {
  tenant: Tenant;
  /** The notification id the app holds of each namespace. */
  known: ReadonlyMap<string, number>;
  timeoutMs: number;
  /** Aborted when the app hangs up. */
  signal: AbortSignal;
  /** The namespaces' notification ids now, read after the watch starts. */
  current: () => Promise<Map<string, number>>;
}

/**
 * Apollo's long poll (`/notifications/v2`): the namespaces of which a newer release exists, at once if
 * one does, else as soon as one is announced; `undefined` when the timeout passes, the process stops or
 * the app hangs up. The timer and the watch end with the poll.
 */
export function longPoll(
  notifier: ReleaseNotifier,
  options: LongPollOptions,
): Promise<Notifications | undefined> {
  const { tenant, known, timeoutMs, signal, current } = options;
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (answer: Notifications | undefined, error?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stopWatching();
      signal.removeEventListener('abort', hungUp);
      if (error === undefined) resolve(answer);
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const hungUp = () => finish(undefined);
    const stopWatching = notifier.watch(
      tenant,
      [...known.keys()],
      (namespaceName, notificationId) => {
        if (notificationId > (known.get(namespaceName) ?? -1)) finish([{ namespaceName, notificationId }]);
      },
      () => finish(undefined),
    );
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    if (signal.aborted) return finish(undefined);
    signal.addEventListener('abort', hungUp);
    current().then(
      (ids) => {
        const newer = [...known].flatMap(([namespaceName, held]) => {
          const notificationId = ids.get(namespaceName);
          return notificationId !== undefined && notificationId > held
            ? [{ namespaceName, notificationId }]
            : [];
        });
        if (newer.length > 0) finish(newer);
      },
      (error: unknown) => finish(undefined, error),
    );
  });
}
