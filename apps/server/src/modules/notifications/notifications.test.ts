import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertChargeStation, insertSwapStation } from '../../test/station-fixtures.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { resourceNotifications } from './notifications.tables.js';

const STATION = 'CS1';
const HOUR = 3_600_000;

describe('station notifications', () => {
  let sut: TestContext;
  let operator: string;
  let now: number;
  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    await insertChargeStation(sut.database.db, STATION);
    now = Date.now();
  });
  afterEach(() => sut.app.close());

  const notice = (values: Record<string, unknown> = {}) => ({
    resourceId: STATION,
    notification: 'Charger 3 is under maintenance',
    showTimeBegin: now - HOUR,
    showTimeEnd: now + HOUR,
    type: 'MAINTENANCE',
    ...values,
  });
  const send = (
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
    { cookie = operator, language = 'en-US' } = {},
  ) => sut.app.inject({ method, url, payload, headers: { cookie, 'accept-language': language } });
  const add = (payload: object, options?: { cookie?: string; language?: string }) =>
    send('POST', '/api/nio/stations/notifications', payload, options);
  const update = (id: number, payload: object, options?: { cookie?: string; language?: string }) =>
    send('PUT', `/api/nio/stations/notifications/${id}`, payload, options);
  const list = (resourceId = STATION, cookie = operator) =>
    sut.app.inject({
      method: 'GET',
      url: `/api/nio/stations/${resourceId}/notifications`,
      headers: { cookie },
    });
  const auditOf = (action: string) =>
    sut.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'station'), eq(auditRecords.action, action)))
      .orderBy(asc(auditRecords.id));

  it('should add a notification, normalise the v2g type and record it on the station', async () => {
    const response = await add(
      notice({
        type: 'v2g',
        range: '  5 km ',
        url: 'https://example.com/v2g',
        notification: ' Sell power back ',
      }),
    );

    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      notificationId: expect.any(Number),
      resourceId: STATION,
      notification: 'Sell power back',
      showTimeBegin: now - HOUR,
      showTimeEnd: now + HOUR,
      range: '5 km',
      url: 'https://example.com/v2g',
      type: 'V2G',
      createTime: expect.any(Number),
      updateTime: expect.any(Number),
      active: true,
    });
    const [row] = await sut.database.db.select().from(resourceNotifications);
    expect(row).toMatchObject({
      type: 'V2G',
      showTimeBegin: new Date(now - HOUR),
      createdBy: expect.any(Number),
    });
    const [audit] = await auditOf('NOTIFICATION_ADD');
    expect(audit).toMatchObject({
      tenant: 'nio',
      entityId: STATION,
      actorUserName: 'nio-operator',
      after: {
        notificationId: created.notificationId,
        notification: 'Sell power back',
        showTimeBegin: now - HOUR,
        showTimeEnd: now + HOUR,
        range: '5 km',
        url: 'https://example.com/v2g',
        type: 'V2G',
      },
    });
  });

  it('should list a station notifications by latest showTimeBegin first, with whether each is shown now, a page at a time', async () => {
    await insertSwapStation(sut.database.db, 'PS1');
    const past = (await add(notice({ showTimeBegin: now - 3 * HOUR, showTimeEnd: now - 2 * HOUR }))).json();
    const future = (await add(notice({ showTimeBegin: now + HOUR, showTimeEnd: now + 2 * HOUR }))).json();
    const current = (await add(notice())).json();
    await add(notice({ resourceId: 'PS1' }));
    const viewer = await sut.userWith('viewer', 'pe');

    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/pe/stations/${STATION}/notifications`,
      headers: { cookie: viewer },
    });

    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .items.map((n: { notificationId: number; active: boolean }) => [n.notificationId, n.active]),
    ).toEqual([
      [future.notificationId, false],
      [current.notificationId, true],
      [past.notificationId, false],
    ]);
    expect(response.json().total).toBe(3);
    const second = await sut.app.inject({
      method: 'GET',
      url: `/api/pe/stations/${STATION}/notifications?pageNo=2&pageSize=1&sort=showTimeBegin:asc`,
      headers: { cookie: viewer },
    });
    expect(second.json()).toMatchObject({ items: [{ notificationId: current.notificationId }], total: 3 });
  });

  it('should answer 404 for an unknown station when listing or adding', async () => {
    expect((await list('NOPE')).statusCode).toBe(404);
    const response = await add(notice({ resourceId: 'NOPE' }));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('station NOPE not found');
    expect(await auditOf('NOTIFICATION_ADD')).toEqual([]);
  });

  it('should refuse an end not after the begin, a link that is not http(s) and an empty text, in the caller language', async () => {
    const english = await add(
      notice({ showTimeEnd: now - HOUR, url: 'javascript:alert(1)', notification: '   ' }),
    );
    const endBeforeBegin = await add(notice({ showTimeEnd: now - 2 * HOUR }), { language: 'zh-CN' });

    expect(english.statusCode).toBe(400);
    expect(errorOf(english).details).toEqual([
      expect.objectContaining({ path: 'body.notification', message: 'This field is required' }),
      expect.objectContaining({ path: 'body.url', message: 'Link must start with http:// or https://' }),
      expect.objectContaining({ path: 'body.showTimeEnd', message: 'The end must be later than the start' }),
    ]);
    expect(endBeforeBegin.statusCode).toBe(400);
    expect(errorOf(endBeforeBegin).details).toEqual([
      { path: 'body.showTimeEnd', message: '结束时间必须大于开始时间', key: 'time.endNotAfterStart' },
    ]);
    expect(await sut.database.db.select().from(resourceNotifications)).toEqual([]);
  });

  it('should refuse a viewer with 403', async () => {
    const viewer = await sut.userWith('viewer', 'nio');

    expect((await add(notice(), { cookie: viewer })).statusCode).toBe(403);
  });

  describe('update', () => {
    it('should save the changes and record only the changed fields', async () => {
      const created = (await add(notice())).json();

      const response = await update(
        created.notificationId,
        notice({ type: 'V2g', url: 'http://example.com/a', showTimeEnd: now + 5 * HOUR }),
      );

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        notificationId: created.notificationId,
        type: 'V2G',
        url: 'http://example.com/a',
        showTimeEnd: now + 5 * HOUR,
        notification: 'Charger 3 is under maintenance',
      });
      const [audit] = await auditOf('NOTIFICATION_UPDATE');
      expect(audit).toMatchObject({
        tenant: 'nio',
        entityId: STATION,
        before: {
          notificationId: created.notificationId,
          type: 'MAINTENANCE',
          url: null,
          showTimeEnd: now + HOUR,
        },
        after: {
          notificationId: created.notificationId,
          type: 'V2G',
          url: 'http://example.com/a',
          showTimeEnd: now + 5 * HOUR,
        },
      });
      expect(Object.keys(audit!.after as object).sort()).toEqual(
        ['notificationId', 'showTimeEnd', 'type', 'url'].sort(),
      );
    });

    it('should record nothing when nothing changes', async () => {
      const created = (await add(notice({ range: '3 km' }))).json();

      const response = await update(created.notificationId, notice({ range: '3 km' }));

      expect(response.statusCode).toBe(200);
      expect(response.json().updateTime).toBe(created.updateTime);
      expect(await auditOf('NOTIFICATION_UPDATE')).toEqual([]);
    });

    it('should answer 404 for an unknown notification, 400 for another station or bad times, 403 for a viewer', async () => {
      await insertSwapStation(sut.database.db, 'PS1');
      const created = (await add(notice())).json();
      const viewer = await sut.userWith('viewer', 'nio');

      expect((await update(999_999, notice())).statusCode).toBe(404);
      const moved = await update(created.notificationId, notice({ resourceId: 'PS1' }));
      expect(moved.statusCode).toBe(400);
      expect(errorOf(moved).details).toEqual([
        { path: 'body.resourceId', message: `notification ${created.notificationId} belongs to station CS1` },
      ]);
      const badTimes = await update(created.notificationId, notice({ showTimeEnd: now - HOUR }));
      expect(badTimes.statusCode).toBe(400);
      expect(errorOf(badTimes).details).toEqual([
        expect.objectContaining({
          path: 'body.showTimeEnd',
          message: 'The end must be later than the start',
        }),
      ]);
      expect((await update(created.notificationId, notice(), { cookie: viewer })).statusCode).toBe(403);
      expect(await auditOf('NOTIFICATION_UPDATE')).toEqual([]);
    });
  });
});
