import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';

const URL = '/api/nio/stations';

describe('station operator info and equipment', () => {
  let sut: TestContext;
  let operator: string;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertChargeStation(sut.database.db, 'CS1', { remark: 'night guard on site' });
    await insertSwapStation(sut.database.db, 'PS1');
  });
  afterEach(() => sut.app.close());

  const getInfo = (resourceId = 'CS1', cookie = operator, tenant = 'nio') =>
    sut.app.inject({
      method: 'GET',
      url: `/api/${tenant}/stations/${resourceId}/infos`,
      headers: { cookie },
    });
  const saveInfo = (payload: Record<string, unknown>, resourceId = 'CS1', cookie = operator) =>
    sut.app.inject({
      method: 'PUT',
      url: `${URL}/${resourceId}/infos`,
      payload,
      headers: { cookie, 'accept-language': 'en-US' },
    });
  const audit = (resourceId: string) =>
    sut.database.db.select().from(auditRecords).where(eq(auditRecords.entityId, resourceId));

  describe('operator info', () => {
    it('should answer the remark and picture visibility of a charge or swap station', async () => {
      expect((await getInfo()).json()).toEqual({
        resourceId: 'CS1',
        remark: 'night guard on site',
        pictureAppVisible: true,
      });
      expect((await getInfo('PS1')).json()).toEqual({
        resourceId: 'PS1',
        remark: null,
        pictureAppVisible: true,
      });
    });

    it('should save the changed fields and record RESOURCE_INFO_UPDATE with only those', async () => {
      const response = await saveInfo({
        remark: 'gate closes at 22:00',
        pictureAppVisible: true,
        operationExtData: { from: 'detail' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        resourceId: 'CS1',
        remark: 'gate closes at 22:00',
        pictureAppVisible: true,
      });
      expect((await getInfo()).json().remark).toBe('gate closes at 22:00');
      expect(await audit('CS1')).toMatchObject([
        {
          action: 'RESOURCE_INFO_UPDATE',
          entityType: 'station',
          tenant: 'nio',
          before: { remark: 'night guard on site' },
          after: { remark: 'gate closes at 22:00' },
          extData: { from: 'detail' },
        },
      ]);
    });

    it('should hide pictures in the app and clear the remark with an empty text', async () => {
      const response = await saveInfo({ remark: '', pictureAppVisible: false }, 'PS1');

      expect(response.json()).toEqual({ resourceId: 'PS1', remark: null, pictureAppVisible: false });
      expect((await audit('PS1'))[0]).toMatchObject({
        before: { pictureAppVisible: true },
        after: { pictureAppVisible: false },
      });
    });

    it('should write nothing when nothing changes', async () => {
      expect((await saveInfo({ remark: 'night guard on site' })).statusCode).toBe(200);
      expect(await audit('CS1')).toEqual([]);
    });

    it('should refuse a remark over 512 characters with the limit', async () => {
      const response = await saveInfo({ remark: 'x'.repeat(513) });

      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toMatchObject([
        { path: 'body.remark', message: 'Enter at most 512 characters' },
      ]);
    });

    it('should answer 404 for an unknown station or tenant, and let a viewer read but not save', async () => {
      const viewer = await sut.userWith('viewer', 'nio');

      expect((await getInfo('NOPE')).statusCode).toBe(404);
      expect((await saveInfo({ remark: 'x' }, 'NOPE')).statusCode).toBe(404);
      expect((await getInfo('CS1', operator, 'acme')).statusCode).toBe(404);
      expect((await getInfo('CS1', viewer)).statusCode).toBe(200);
      expect((await saveInfo({ remark: 'x' }, 'CS1', viewer)).statusCode).toBe(403);
    });
  });

  describe('equipments', () => {
    const equipments = (resourceId: string) =>
      sut.app.inject({
        method: 'GET',
        url: `${URL}/${resourceId}/equipments`,
        headers: { cookie: operator },
      });

    it('should list the chargers with their connectors', async () => {
      const response = await equipments('CS1');

      expect(response.statusCode).toBe(200);
      const { items } = response.json();
      expect(items).toMatchObject([
        {
          equipmentId: 'CS1-E1',
          equipmentType: 'DC',
          power: 240,
          connectors: [
            { connectorId: 'CS1-E1-C1', connectorType: 4, power: 120, status: 'free' },
            { connectorId: 'CS1-E1-C2', connectorType: 4, power: 120, status: 'busy' },
          ],
        },
      ]);
      expect(typeof items[0].updateTime).toBe('number');
    });

    it('should answer an empty list for a station without chargers and 404 for an unknown one', async () => {
      expect((await equipments('PS1')).json()).toEqual({ items: [] });
      expect((await equipments('NOPE')).statusCode).toBe(404);
    });
  });
});
