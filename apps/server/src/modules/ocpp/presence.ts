import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { chargePointPresence, portalProcesses } from './ocpp.tables.js';

const BEAT_MS = 5_000;
/** A process that has not beaten for this long holds no charger any more. */
export const ONLINE_WITHIN_MS = 15_000;
/** A process silent this long has died: its row and its chargers' presence go. */
const DEAD_AFTER_MS = 60_000;

const DEAD_BEFORE = sql.raw(`now() - interval '${DEAD_AFTER_MS} milliseconds'`);
const ONLINE_SINCE = sql.raw(`now() - interval '${ONLINE_WITHIN_MS} milliseconds'`);

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
    await this.db
      .insert(portalProcesses)
      .values({ processId: this.processId })
      .onConflictDoUpdate({ target: portalProcesses.processId, set: { heartbeatAt: sql`now()` } });
    const dead = this.db
      .select({ processId: portalProcesses.processId })
      .from(portalProcesses)
      .where(lt(portalProcesses.heartbeatAt, DEAD_BEFORE));
    await this.db.delete(chargePointPresence).where(inArray(chargePointPresence.processId, dead));
    await this.db.delete(portalProcesses).where(lt(portalProcesses.heartbeatAt, DEAD_BEFORE));
  }

  /** A charger connected here: it moves here from wherever it was. */
  async connected(chargePointId: string): Promise<void> {
    await this.db
      .insert(chargePointPresence)
      .values({ chargePointId, processId: this.processId })
      .onConflictDoUpdate({
        target: chargePointPresence.chargePointId,
        set: { processId: this.processId, connectedAt: sql`now()` },
      });
  }

  /** A charger's socket here closed; a newer connection on another process keeps its row. */
  async disconnected(chargePointId: string): Promise<void> {
    await this.db
      .delete(chargePointPresence)
      .where(
        and(
          eq(chargePointPresence.chargePointId, chargePointId),
          eq(chargePointPresence.processId, this.processId),
        ),
      );
  }

  /** The live process holding the charger, or null when it is offline. */
  async ownerOf(chargePointId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ processId: chargePointPresence.processId })
      .from(chargePointPresence)
      .innerJoin(portalProcesses, eq(portalProcesses.processId, chargePointPresence.processId))
      .where(
        and(
          eq(chargePointPresence.chargePointId, chargePointId),
          gt(portalProcesses.heartbeatAt, ONLINE_SINCE),
        ),
      );
    return row?.processId ?? null;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.db.delete(chargePointPresence).where(eq(chargePointPresence.processId, this.processId));
    await this.db.delete(portalProcesses).where(eq(portalProcesses.processId, this.processId));
  }
}
