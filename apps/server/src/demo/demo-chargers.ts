import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import {
  generateChargePointPassword,
  hashChargePointPassword,
} from '../modules/ocpp/charge-point-passwords.js';
import { chargePoints } from '../modules/ocpp/ocpp.tables.js';
import type { SimulatorSpec } from '../ocpp-sim/simulator-process.js';

/** Keeps each upsert well under PostgreSQL's 65,535 bound parameters. */
const UPSERT_BATCH = 2_000;

interface PickedEquipment {
  equipment_id: string;
  resource_id: string;
  equipment_type: string;
  power: number;
  connectors: number;
  firmware_version: string | null;
}

/**
 * Registers `count` chargers of the demo's charge stations as OCPP charge points for the simulator: every
 * k-th charger in the order of station and charger ids, so they spread over the network and the first
 * station's first charger (the one a browser test finds first) is among them. Each gets a fresh password
 * on every start, so nothing secret is ever stored in plain form; rows of an earlier start are updated.
 * A charger keeps the firmware version it last reported, as a real one would across a portal restart.
 */
export async function registerDemoChargers(db: Db, count: number): Promise<SimulatorSpec[]> {
  if (count <= 0) return [];
  const picked = (await registeredEarlier(db, count)) ?? (await pickChargers(db, count));
  const specs: SimulatorSpec[] = picked.map((row) => ({
    chargePointId: row.equipment_id,
    password: generateChargePointPassword(),
    connectors: Math.max(1, Number(row.connectors)),
    vendor: 'CMP Demo',
    model: `SIM-${row.equipment_type}-${Math.round(Number(row.power))}kW`,
    firmwareVersion: row.firmware_version ?? '1.0.0',
    powerKw: Number(row.power),
  }));
  const now = new Date();
  for (let start = 0; start < picked.length; start += UPSERT_BATCH) {
    const rows = picked.slice(start, start + UPSERT_BATCH).map((row, i) => ({
      chargePointId: row.equipment_id,
      resourceId: row.resource_id,
      passwordHash: hashChargePointPassword(specs[start + i]!.password),
      passwordSetAt: now,
      passwordSetBy: 'demo',
    }));
    await db
      .insert(chargePoints)
      .values(rows)
      .onConflictDoUpdate({
        target: chargePoints.chargePointId,
        set: {
          passwordHash: sql`excluded.password_hash`,
          passwordSetAt: sql`excluded.password_set_at`,
          passwordSetBy: sql`excluded.password_set_by`,
        },
      });
  }
  return specs;
}

/**
 * The chargers an earlier start registered, when they are as many as asked: reading them is a look-up of a
 * few rows, where picking them reads every charger of the network (about 0.7 s on a first start).
 */
async function registeredEarlier(db: Db, count: number): Promise<PickedEquipment[] | undefined> {
  const result = await db.execute(sql`
    select e.equipment_id, e.resource_id, e.equipment_type, e.power,
           (select count(*)::int from connectors c where c.equipment_id = e.equipment_id) as connectors,
           cp.firmware_version
    from charge_points cp
    join equipments e on e.equipment_id = cp.charge_point_id
    where cp.password_set_by = 'demo'
    order by e.resource_id, e.equipment_id
  `);
  const rows = (result as unknown as { rows: PickedEquipment[] }).rows;
  return rows.length === count ? rows : undefined;
}

async function pickChargers(db: Db, count: number): Promise<PickedEquipment[]> {
  const result = await db.execute(sql`
    with numbered as (
      select e.equipment_id, e.resource_id, e.equipment_type, e.power,
             row_number() over (order by e.resource_id, e.equipment_id) - 1 as n,
             count(*) over () as total
      from equipments e
      join resources r on r.resource_id = e.resource_id
      where r.resource_type = 'ChargeStation'
    ),
    picked as (
      select * from numbered where n % greatest(1, total / ${count}) = 0 order by n limit ${count}
    )
    select p.equipment_id, p.resource_id, p.equipment_type, p.power,
           (select count(*)::int from connectors c where c.equipment_id = p.equipment_id) as connectors,
           cp.firmware_version
    from picked p
    left join charge_points cp on cp.charge_point_id = p.equipment_id
    order by p.n
  `);
  return (result as unknown as { rows: PickedEquipment[] }).rows;
}
