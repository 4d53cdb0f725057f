import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import * as repo from './presence.repo.js';

const BEAT_MS = 5_000;

/**
 * Which portal process holds which charger's socket, kept in the database so that every process can
 * route a command to the charger's one: each process beats its heart in `portal_processes`, and a
 * charger counts as online only while the process that wrote its presence row still beats.
 */
export class Presence {
  private timer: NodeJS.Timeout | undefined;

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
    await repo.holdCharger(this.db, chargePointId, this.processId);
  }

  /** A charger's socket here closed; a newer connection on another process keeps its row. */
  async disconnected(chargePointId: string): Promise<void> {
    await repo.releaseCharger(this.db, chargePointId, this.processId);
  }

  /** The live process holding the charger, or null when it is offline. */
  ownerOf(chargePointId: string): Promise<string | null> {
    return repo.holderOf(this.db, chargePointId);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await repo.removeProcess(this.db, this.processId);
  }
}
