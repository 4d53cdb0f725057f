import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { GroupedCalls } from '../../platform/db/grouped-calls.js';
import * as repo from './presence.repo.js';

const BEAT_MS = 5_000;

/**
 * Which portal process holds which charger's socket, kept in the database so that every process can
 * route a command to the charger's one: each process beats its heart in `portal_processes`, and a
 * charger counts as online only while the process that wrote its presence row still beats.
 */
export class Presence {
  private timer: NodeJS.Timeout | undefined;
  /**
   * Connects and closes, written in groups as the chargers' messages are (`ChargerMessages`), in the order
   * they happened: of a charger's connect and close in one group the later decides.
   */
  private readonly changes = new GroupedCalls<{ chargePointId: string; held: boolean }, void>(
    async (changes) => {
      const last = new Map(changes.map((change) => [change.chargePointId, change.held]));
      const ids = (held: boolean) => [...last].filter(([, h]) => h === held).map(([id]) => id);
      if (ids(true).length > 0) await repo.holdChargers(this.db, ids(true), this.processId);
      if (ids(false).length > 0) await repo.releaseChargers(this.db, ids(false), this.processId);
      return changes.map(() => undefined);
    },
  );

  constructor(
    private readonly db: Db,
    readonly processId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beat().catch((error: unknown) => this.log.warn({ err: error }, 'portal process heartbeat failed'));
    }, BEAT_MS);
    this.timer.unref();
  }

  /** Beats, and clears the processes that stopped beating with the chargers they held. */
  async beat(): Promise<void> {
    await repo.beat(this.db, this.processId);
    await repo.removeDeadProcesses(this.db);
  }

  /** A charger connected here: it moves here from wherever it was. */
  async connected(chargePointId: string): Promise<void> {
    await this.changes.call({ chargePointId, held: true });
  }

  /** A charger's socket here closed; a newer connection on another process keeps its row. */
  async disconnected(chargePointId: string): Promise<void> {
    await this.changes.call({ chargePointId, held: false });
  }

  /** The live process holding the charger, or null when it is offline. */
  ownerOf(chargePointId: string): Promise<string | null> {
    return repo.holderOf(this.db, chargePointId);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    // A presence written after the process's rows were removed would outlive it.
    await this.changes.idle();
    await repo.removeProcess(this.db, this.processId);
  }
}
