import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';

/*
 * What the OCPP central system writes of the station network: a connector's state as its charger reports
 * it. The only write into the stations' tables from outside, in the caller's transaction.
 */

/** What a connector shows on the network: `free`, `busy` or `offline`. */
export type ConnectorState = 'free' | 'busy' | 'offline';

/** Sets connectors' states, as their chargers last reported them, in one statement. */
export async function setConnectorStates(
  db: DbOrTx,
  states: readonly { connectorId: string; state: ConnectorState }[],
): Promise<void> {
  await db.execute(sql`
    update connectors c set status = s.state, update_time = now()
    from unnest(${sql.param(states.map((s) => s.connectorId))}::text[],
                ${sql.param(states.map((s) => s.state))}::text[]) as s(connector_id, state)
    where c.connector_id = s.connector_id`);
}
