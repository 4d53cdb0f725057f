import { and, eq, gt, inArray, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { ChargerPresence } from '@cmp/domain/stations/operation-list-item';
import type { DbOrTx } from '../../platform/db/database.js';
import { chargePointPresence, chargePoints, portalProcesses } from './ocpp.tables.js';

/** A process that has not beaten for this long holds no charger any more. */
const ONLINE_WITHIN_MS = 15_000;
/** A process silent this long has died: its row and its chargers' presence go. */
const DEAD_AFTER_MS = 60_000;

const DEAD_BEFORE = sql.raw(`now() - interval '${DEAD_AFTER_MS} milliseconds'`);
/** The heartbeat a process holding chargers has beaten since. */
export const ONLINE_SINCE = sql.raw(`now() - interval '${ONLINE_WITHIN_MS} milliseconds'`);

/** The process beats: its row is written, or its heartbeat moved to now. */
export async function beat(db: DbOrTx, processId: string): Promise<void> {
  await db
    .insert(portalProcesses)
    .values({ processId })
    .onConflictDoUpdate({ target: portalProcesses.processId, set: { heartbeatAt: sql`now()` } });
}

/** Removes the processes that stopped beating, with the chargers they held. */
export async function removeDeadProcesses(db: DbOrTx): Promise<void> {
  const dead = db
    .select({ processId: portalProcesses.processId })
    .from(portalProcesses)
    .where(lt(portalProcesses.heartbeatAt, DEAD_BEFORE));
  await db.delete(chargePointPresence).where(inArray(chargePointPresence.processId, dead));
  await db.delete(portalProcesses).where(lt(portalProcesses.heartbeatAt, DEAD_BEFORE));
}

/** The chargers' sockets are held by the process now, wherever they were before. */
export async function holdChargers(
  db: DbOrTx,
  chargePointIds: readonly string[],
  processId: string,
): Promise<void> {
  await db
    .insert(chargePointPresence)
    .values([...new Set(chargePointIds)].map((chargePointId) => ({ chargePointId, processId })))
    .onConflictDoUpdate({
      target: chargePointPresence.chargePointId,
      set: { processId, connectedAt: sql`now()` },
    });
}

/** The process no longer holds the chargers; a newer connection on another process keeps its row. */
export async function releaseChargers(
  db: DbOrTx,
  chargePointIds: readonly string[],
  processId: string,
): Promise<void> {
  await db
    .delete(chargePointPresence)
    .where(
      and(
        inArray(chargePointPresence.chargePointId, [...chargePointIds]),
        eq(chargePointPresence.processId, processId),
      ),
    );
}

/** The live process holding the charger, or null when it is offline. */
export async function holderOf(db: DbOrTx, chargePointId: string): Promise<string | null> {
  const [row] = await db
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

/** A stopping process leaves: its chargers' presence and its own row go. */
export async function removeProcess(db: DbOrTx, processId: string): Promise<void> {
  await db.delete(chargePointPresence).where(eq(chargePointPresence.processId, processId));
  await db.delete(portalProcesses).where(eq(portalProcesses.processId, processId));
}

/** Ids of the stations with a charger connected to a live process. */
const stationsOnline = () =>
  sql`(select ${chargePoints.resourceId} from ${chargePointPresence} join ${portalProcesses} on ${portalProcesses.processId} = ${chargePointPresence.processId} join ${chargePoints} on ${chargePoints.chargePointId} = ${chargePointPresence.chargePointId} where ${portalProcesses.heartbeatAt} > ${ONLINE_SINCE})`;

/**
 * The stations whose OCPP chargers are registered, online or all offline, as a subquery of station ids for
 * the operations list. Presence rows exist only for connected chargers: online reads those few rows.
 */
export function stationsByPresence(presence: ChargerPresence): SQLWrapper {
  if (presence === 'online') return stationsOnline();
  const registered = sql`select ${chargePoints.resourceId} from ${chargePoints}`;
  return presence === 'registered'
    ? sql`(${registered})`
    : sql`(${registered} where ${chargePoints.resourceId} not in ${stationsOnline()})`;
}
