import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { connectors } from './stations.tables.js';

/*
 * What the OCPP central system writes of the station network: a connector's state as its charger reports
 * it. The only write into the stations' tables from outside, in the caller's transaction.
 */

/** What a connector shows on the network: `free`, `busy` or `offline`. */
export type ConnectorState = 'free' | 'busy' | 'offline';

/** Sets a connector's state, as its charger last reported it. */
export async function setConnectorState(
  db: DbOrTx,
  connectorId: string,
  state: ConnectorState,
): Promise<void> {
  await db
    .update(connectors)
    .set({ status: state, updateTime: sql`now()` })
    .where(eq(connectors.connectorId, connectorId));
}
