import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { OcppTestKit } from '../../test/ocpp-test-kit.js';
import { connectors } from '../stations/stations.tables.js';
import { chargePointConnectors, chargePointPresence, chargePoints } from './ocpp.tables.js';

const STATIONS = Array.from({ length: 12 }, (_, i) => `CS${i + 1}`);
const chargerOf = (station: string) => `${station}-E1`;

/** Chargers' messages are written in groups (docs/decisions.md "Write-behind presence and claims"). */
describe('OCPP chargers connecting and reporting at once', () => {
  let sut: TestContext;
  let kit: OcppTestKit;
  beforeEach(async () => {
    sut = await createTestContext();
    const origin = await sut.app.listen({ port: 0, host: '127.0.0.1' });
    kit = new OcppTestKit(sut.app, origin.replace(/^http/, 'ws'), await sut.userWith('operator', 'nio'));
    for (const station of STATIONS) await insertChargeStation(sut.database.db, station);
  });
  afterEach(async () => {
    await kit.stopAll();
    await sut.app.close();
  });
  const db = () => sut.database.db;

  it('should write what each of many chargers says at once as its own, in its order', async () => {
    const passwords = await Promise.all(STATIONS.map((s) => kit.register(chargerOf(s))));
    const chargers = await Promise.all(
      STATIONS.map((s, i) => kit.charger(chargerOf(s), passwords[i]!, { vendor: `V-${s}` })),
    );
    // Each charger reports three changes of its second connector, one after the other, all at once.
    await Promise.all(
      chargers.map(async (charger, i) => {
        await charger.setStatus(2, 'Preparing');
        await charger.setStatus(2, 'Charging');
        await charger.setStatus(2, i % 2 ? 'Faulted' : 'Available', i % 2 ? 'GroundFailure' : 'NoError');
      }),
    );
    await Promise.all(chargers.map((charger) => charger.heartbeat()));

    const points = await db().select().from(chargePoints).orderBy(chargePoints.chargePointId);
    expect(points).toHaveLength(STATIONS.length);
    for (const point of points) {
      expect(point.vendor).toBe(`V-${point.chargePointId.replace('-E1', '')}`);
      expect(point.bootAt).not.toBeNull();
      expect(point.lastHeartbeatAt).not.toBeNull();
    }
    for (const [i, station] of STATIONS.entries()) {
      const reported = await db()
        .select()
        .from(chargePointConnectors)
        .where(eq(chargePointConnectors.chargePointId, chargerOf(station)))
        .orderBy(chargePointConnectors.connectorNo);
      expect(reported.map((c) => [c.connectorNo, c.connectorId, c.status])).toEqual([
        [0, null, 'Available'],
        [1, `${chargerOf(station)}-C1`, 'Available'],
        [2, `${chargerOf(station)}-C2`, i % 2 ? 'Faulted' : 'Available'],
      ]);
      const shown = await db()
        .select({ status: connectors.status })
        .from(connectors)
        .where(eq(connectors.connectorId, `${chargerOf(station)}-C2`));
      expect(shown).toEqual([{ status: i % 2 ? 'offline' : 'free' }]);
    }
    expect(await db().select().from(chargePointPresence)).toHaveLength(STATIONS.length);
  });
});
