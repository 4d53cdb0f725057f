import { eq, sql } from 'drizzle-orm';
import KDBush from 'kdbush';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.js';
import { insertChargeStation, insertOperator, insertSwapStation } from '../../test/station-fixtures.js';
import { resetDatabase, testDatabase } from '../../test/test-database.js';
import { stationEvents } from '../stations/station-directory.service.js';
import { equipments, resources } from '../stations/stations.tables.js';
import type { TreeSorter } from './planning/kd-sort-worker.js';
import { PlanningStations } from './planning-stations.service.js';
import { planningStationChunks } from './road-books.repo.js';

let database: Database;
let sut: PlanningStations;

beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  sut = new PlanningStations(database.db, { refreshIntervalMs: 0 });
  sut.start();
});
afterEach(() => sut.stop());

const moveInDatabase = (resourceId: string, values: Partial<typeof resources.$inferInsert>) =>
  database.db.update(resources).set(values).where(eq(resources.resourceId, resourceId));

describe('PlanningStations', () => {
  it('should build the index from the stations tables: chargers, power, clones; unplannable ones left out', async () => {
    await insertChargeStation(database.db, 'DC1', { construction: 11, operatorId: null, servedBearing: 200 });
    await insertChargeStation(database.db, 'MIX', { longitude: 121.5 });
    await database.db
      .insert(equipments)
      .values({ equipmentId: 'MIX-E2', resourceId: 'MIX', equipmentType: 'AC', power: 7 });
    await insertChargeStation(database.db, 'AC1');
    await database.db
      .update(equipments)
      .set({ equipmentType: 'AC', power: 11 })
      .where(eq(equipments.resourceId, 'AC1'));
    await insertSwapStation(
      database.db,
      'PS1',
      { longitude: 118, latitude: 31 },
      { hasClone: true, cloneLongitude: 118.01, cloneLatitude: 31, cloneDescription: 'north gate' },
    );
    await insertSwapStation(database.db, 'PS2', {}, { hasClone: false, cloneLongitude: 1, cloneLatitude: 1 });
    await insertChargeStation(database.db, 'MAINT', { status: 6 });
    await insertChargeStation(database.db, 'OFF', { status: 3 });
    await insertChargeStation(database.db, 'BUILDING', { status: 1 });
    await insertChargeStation(database.db, 'GONE', { active: false });

    const index = await sut.get();

    expect(index.size).toBe(6);
    expect(index.get('DC1')).toEqual({
      id: 'DC1',
      type: 'ChargeStation',
      lng: 121.4737,
      lat: 31.2304,
      construction: 11,
      servedBearing: 200,
      hasDc: true,
      hasAc: false,
      maxPowerKw: 240,
      name: 'station DC1',
      operatorId: null,
      swapClone: null,
      products: [],
    });
    expect(index.get('MIX')).toMatchObject({ hasDc: true, hasAc: true, maxPowerKw: 240, lng: 121.5 });
    expect(index.get('AC1')).toMatchObject({ hasDc: false, hasAc: true, maxPowerKw: 11 });
    expect(index.get('PS1')).toMatchObject({
      type: 'PowerSwap',
      hasDc: false,
      hasAc: false,
      maxPowerKw: null,
      swapClone: { lng: 118.01, lat: 31, description: 'north gate' },
    });
    expect(index.get('PS2')!.swapClone).toBeNull();
    expect(index.get('MAINT')).toBeDefined();
    for (const id of ['OFF', 'BUILDING', 'GONE']) expect(index.get(id), id).toBeUndefined();
    // The clone is an entrance of its own for searches.
    const entrances: string[] = [];
    index.forEachInBox(118.005, 30.9, 118.02, 31.1, (slot, clone) =>
      entrances.push(index.idOf(slot) + (clone ? '_clone' : '')),
    );
    expect(entrances).toEqual(['PS1_clone']);
    expect(await sut.get()).toBe(index);
  });

  it('should know the products a station serves from its matching cars and its NIO-run operator', async () => {
    await insertOperator(database.db, { operatorId: 'NIO', controlledByNio: true });
    await insertOperator(database.db, { operatorId: 'OTHER' });
    await insertChargeStation(database.db, 'BRANDS', { operatorId: 'OTHER' }, { matchCars: '蔚来,乐道' });
    await insertChargeStation(database.db, 'ALL', { operatorId: 'OTHER' }, { matchCars: '全车型' });
    await insertChargeStation(database.db, 'NIOCS', { operatorId: 'NIO' }, { matchCars: 'firefly' });
    await insertSwapStation(database.db, 'NIOPS', { operatorId: 'NIO' });
    await insertSwapStation(database.db, 'OTHERPS', { operatorId: 'OTHER' });

    const index = await sut.get();

    expect(['BRANDS', 'ALL', 'NIOCS', 'NIOPS', 'OTHERPS'].map((id) => [id, index.get(id)!.products])).toEqual(
      [
        ['BRANDS', ['nio', 'onvo']],
        ['ALL', []],
        ['NIOCS', ['nio', 'firefly']],
        ['NIOPS', ['nio']],
        ['OTHERPS', []],
      ],
    );
  });

  it('should re-read a station when its save is announced, before the next plan reads the index', async () => {
    await insertChargeStation(database.db, 'CS1');
    const index = await sut.get();
    await moveInDatabase('CS1', { longitude: 100, latitude: 25 });

    stationEvents.emit('changed', 'CS1');

    expect((await sut.get()).get('CS1')).toMatchObject({ lng: 100, lat: 25 });
    await moveInDatabase('CS1', { status: 3 });
    stationEvents.emit('changed', 'CS1');
    expect((await sut.get()).get('CS1')).toBeUndefined();
    expect(await sut.get()).toBe(index);
  });

  it('should re-read a station announced while the index was being built, once it is in', async () => {
    await insertChargeStation(database.db, 'CS1');
    // The build sorts its tree once its scan has read every station: holding the sort holds the build
    // between the scan and the index being in, where a save announced now is one the scan did not see.
    let scanned = () => {};
    const scanDone = new Promise<void>((resolve) => (scanned = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const sortTree: TreeSorter = async (data) => {
      scanned();
      await released;
      KDBush.from(data).finish();
      return data;
    };
    const building = new PlanningStations(database.db, { refreshIntervalMs: 0, sortTree });
    building.start();
    try {
      const index = building.get();
      await scanDone;
      await moveInDatabase('CS1', { longitude: 100 });
      stationEvents.emit('changed', 'CS1');
      release();

      expect((await index).get('CS1')).toMatchObject({ lng: 100 });
    } finally {
      building.stop();
    }
  });

  it('should pick up stations saved by another process when it polls the update time', async () => {
    await insertChargeStation(database.db, 'OLD', { basicInfoUpdateTime: new Date('2026-01-01T00:00:00Z') });
    await insertChargeStation(database.db, 'CS1', { basicInfoUpdateTime: new Date('2026-05-01T00:00:00Z') });
    const index = await sut.get();
    // Another process moves CS1, takes OLD offline and adds NEW; nothing is announced here.
    await moveInDatabase('CS1', { longitude: 100, basicInfoUpdateTime: new Date('2026-05-02T00:00:00Z') });
    await moveInDatabase('OLD', { status: 3, basicInfoUpdateTime: new Date('2026-05-02T00:00:01Z') });
    await insertChargeStation(database.db, 'NEW', { basicInfoUpdateTime: new Date('2026-05-02T00:00:02Z') });
    expect(index.get('CS1')).toMatchObject({ lng: 121.4737 });

    expect(await sut.refresh()).toBe(3);

    expect(index.get('CS1')).toMatchObject({ lng: 100 });
    expect(index.get('OLD')).toBeUndefined();
    expect(index.get('NEW')).toBeDefined();
    // A save that committed late, with a time a little before the latest seen, is still found.
    await moveInDatabase('CS1', { longitude: 101, basicInfoUpdateTime: new Date('2026-05-02T00:00:00Z') });
    expect(await sut.refresh()).toBe(3);
    expect(index.get('CS1')).toMatchObject({ lng: 101 });
  });

  it('should give up a build under way when stopped, without reporting it as a failure', async () => {
    await insertChargeStation(database.db, 'CS1');
    const failures: unknown[] = [];
    const stopping = new PlanningStations(database.db, {
      refreshIntervalMs: 0,
      onError: (error) => failures.push(error),
    });
    stopping.start();

    const building = stopping.get();
    stopping.stop();

    await expect(building).rejects.toThrow(/stopped/);
    expect(failures).toEqual([]);
    expect(stopping.status().ready).toBe(false);
  });

  it('should tell how far the build has come, every station once it is ready', async () => {
    await insertChargeStation(database.db, 'CS1');
    await insertChargeStation(database.db, 'OFF', { status: 3 });
    expect(sut.status()).toEqual({ ready: false, loaded: 0, total: null });

    await sut.get();

    expect(sut.status()).toEqual({ ready: true, loaded: 2, total: 2 });
  });

  it('should not poll before the index is built', async () => {
    await insertChargeStation(database.db, 'CS1');
    expect(await sut.refresh()).toBe(0);
  });
});

describe('planningStationChunks', () => {
  it('should read every station exactly once, chunk after chunk in id order', async () => {
    const ids = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D1'];
    for (const id of ids) {
      if (id.endsWith('2')) await insertSwapStation(database.db, id, {}, { hasClone: true });
      else await insertChargeStation(database.db, id);
    }

    // Large tables get hash joins, which do not keep the chunk's order; small ones would not show it.
    const chunks = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_nestloop = off`);
      const read: string[][] = [];
      for await (const chunk of planningStationChunks(tx, {}, 3))
        read.push(chunk.map((row) => row.resourceId));
      return read;
    });

    expect(chunks).toEqual([['A1', 'A2', 'B1'], ['B2', 'C1', 'C2'], ['D1']]);
  });
});
