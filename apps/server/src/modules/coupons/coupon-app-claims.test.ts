import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Coupon } from '@cmp/domain/coupons/coupon-records';
import { COUPON_REWARD_FAILURE_LABELS, type CouponRewardFailure } from '@cmp/domain/coupons/reward-failures';
import { enUS } from '@cmp/domain/messages/en-US';
import { zhCN } from '@cmp/domain/messages/zh-CN';
import { insertAccount, insertAccountRange } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { signedHeaders } from '../../platform/signed-clients/client-signing.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { couponExpiry } from '@cmp/domain/coupons/coupon-expiry';
import {
  batchCounters,
  insertBatch,
  insertCodes,
  insertTokenRecord,
  sendSignedIn,
} from './coupon-app.fixtures.js';
import { couponBatches, couponBindRecords, coupons } from './coupons.tables.js';

const DAY = 86_400_000;

describe('coupon claims by the app back end', () => {
  let sut: TestContext;
  let app: TestAppClient;
  beforeEach(async () => {
    sut = await createTestContext();
    app = await createAppClient(sut, 'nio');
    await insertAccount(sut.database.db, 'nio', 'A-1');
    await insertAccount(sut.database.db, 'nio', 'A-2');
  });
  afterEach(() => sut.app.close());

  const claim = (body: object, language: 'zh-CN' | 'en' = 'zh-CN') =>
    sendSignedIn(sut, app, 'POST', '/api/app/coupons/claim', body, language);
  const claimed = async (body: object): Promise<Coupon> => {
    const response = await claim(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ coupons: Coupon[] }>().coupons[0]!;
  };
  /** The refusal is answered alike in both languages, with the catalogue's label. */
  const expectRefused = async (body: object, status: number, code: CouponRewardFailure) => {
    for (const [language, messages] of [
      ['zh-CN', zhCN],
      ['en', enUS],
    ] as const) {
      const response = await claim(body, language);
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response)).toMatchObject({
        code,
        message: messages[COUPON_REWARD_FAILURE_LABELS[code]],
      });
    }
  };

  it('should bind a code to the user who claims it, with dates from the binding, once', async () => {
    const batch = await insertBatch(sut, { effectiveDays: 7 });
    const [code] = await insertCodes(sut, batch, 3);
    const before = Date.now();
    const coupon = await claimed({ accountId: 'A-1', couponCode: ` ${code!.toLowerCase()} ` });
    expect(coupon).toMatchObject({
      couponUuid: code,
      accountId: 'A-1',
      status: 'assigned',
      couponStatus: 'assigned',
      couponChannel: 'claim_code',
      couponBatchId: batch.couponBatchId,
      couponName: '充电立减券',
      couponTypeCode: 'voucher',
      couponValue: 1000,
    });
    expect(coupon.bindDate).toBeGreaterThanOrEqual(before);
    expect(coupon.effectiveDate).toBe(coupon.bindDate);
    expect(coupon.expireDate).toBe(couponExpiry(coupon.bindDate! + 6 * DAY));
    expect(await batchCounters(sut, batch.couponBatchId)).toEqual({
      stockAmount: 97,
      createdAmount: 3,
      assignedAmount: 1,
      usedAmount: 0,
    });
    const binds = await sut.database.db.select().from(couponBindRecords);
    expect(binds).toMatchObject([{ accountId: 'A-1', channel: 'claim_code', operatorAccount: app.clientId }]);

    await expectRefused({ accountId: 'A-1', couponCode: code }, 409, 'duplicate_coupon_receive');
    await expectRefused({ accountId: 'A-2', couponCode: code }, 409, 'coupon_received');
    expect((await batchCounters(sut, batch.couponBatchId)).assignedAmount).toBe(1);
  });

  it('should refuse unknown codes, codes of another tenant, unknown users and malformed claims', async () => {
    const batch = await insertBatch(sut);
    const [code] = await insertCodes(sut, batch, 1);
    const unknown = await claim({ accountId: 'A-1', couponCode: 'NOSUCHCODE' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'invalid_coupon_code', message: '券码无效' });
    expect(errorOf(await claim({ accountId: 'A-1', couponCode: 'NOSUCHCODE' }, 'en')).message).toBe(
      'Invalid code',
    );

    await insertAccount(sut.database.db, 'pe', 'A-1');
    const pe = await createAppClient(sut, 'pe');
    const other = await sendSignedIn(sut, pe, 'POST', '/api/app/coupons/claim', {
      accountId: 'A-1',
      couponCode: code,
    });
    expect(errorOf(other).code).toBe('invalid_coupon_code');

    const nobody = await claim({ accountId: 'NOBODY', couponCode: code });
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody).code).toBe('user_not_found');
    await insertAccount(sut.database.db, 'nio', 'GONE', { isDelete: true });
    expect(errorOf(await claim({ accountId: 'GONE', couponCode: code })).code).toBe('user_not_found');

    const both = await claim({ accountId: 'A-1', couponCode: code, couponToken: 'T' });
    expect(both.statusCode).toBe(400);
    expect(errorOf(await claim({ accountId: 'A-1' }, 'en')).message).toContain(
      'Give either a coupon code or a coupon token',
    );
  });

  it('should refuse codes that are used, abandoned, expired, of a closed batch, or over the limit per user', async () => {
    const batch = await insertBatch(sut, { limitPerUser: 1 });
    const [used, abandoned, fresh, second] = await insertCodes(sut, batch, 4);
    const db = sut.database.db;
    await db.update(coupons).set({ status: 'used', accountId: 'A-2' }).where(eq(coupons.couponUuid, used!));
    await db.update(coupons).set({ status: 'abandon' }).where(eq(coupons.couponUuid, abandoned!));
    await expectRefused({ accountId: 'A-1', couponCode: used }, 409, 'coupon_used');
    await expectRefused({ accountId: 'A-1', couponCode: abandoned }, 409, 'coupon_unavailable');

    await claimed({ accountId: 'A-1', couponCode: fresh });
    await expectRefused({ accountId: 'A-1', couponCode: second }, 409, 'coupon_batch_amount_limit');

    const past = await insertBatch(sut, {
      expireTypeCode: 'fixed_date',
      effectiveDate: new Date(Date.now() - 10 * DAY),
      expireDate: new Date(Date.now() - DAY),
    });
    const [late] = await insertCodes(sut, past, 1);
    await expectRefused({ accountId: 'A-1', couponCode: late }, 409, 'coupon_expired');

    const killed = await insertBatch(sut);
    const [ofKilled] = await insertCodes(sut, killed, 1);
    await db
      .update(couponBatches)
      .set({ status: 'killed' })
      .where(eq(couponBatches.couponBatchId, killed.couponBatchId));
    await expectRefused({ accountId: 'A-1', couponCode: ofKilled }, 409, 'coupon_unavailable');
    const paused = await insertBatch(sut, { grantEnable: false });
    const [ofPaused] = await insertCodes(sut, paused, 1);
    await expectRefused({ accountId: 'A-1', couponCode: ofPaused }, 409, 'coupon_unavailable');
  });

  it('should let exactly one of several users racing for one code have it', async () => {
    const batch = await insertBatch(sut);
    const [code] = await insertCodes(sut, batch, 1);
    await insertAccountRange(sut.database.db, 'nio', 10, 'R-');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claim({ accountId: `R-${i}`, couponCode: code })),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => errorOf(r).code)).toEqual(
      Array(9).fill('coupon_received'),
    );
    expect((await batchCounters(sut, batch.couponBatchId)).assignedAmount).toBe(1);
    expect(await sut.database.db.select().from(couponBindRecords)).toHaveLength(1);
  });

  it('should issue one coupon per user from the stock by a token', async () => {
    const batch = await insertBatch(sut, { amount: 2 });
    const record = await insertTokenRecord(sut, batch, 'TOKEN-1');
    const coupon = await claimed({ accountId: 'A-1', couponToken: 'TOKEN-1' });
    expect(coupon).toMatchObject({
      accountId: 'A-1',
      status: 'assigned',
      couponChannel: 'claim_token',
      generateRecordId: record.generateRecordId,
    });
    expect(await batchCounters(sut, batch.couponBatchId)).toEqual({
      stockAmount: 1,
      createdAmount: 1,
      assignedAmount: 1,
      usedAmount: 0,
    });
    await expectRefused({ accountId: 'A-1', couponToken: 'TOKEN-1' }, 409, 'duplicate_coupon_receive');
    await expectRefused(
      { accountId: 'A-2', couponToken: 'TOKEN-1', amount: 2 },
      422,
      'coupon_invalid_issue_amount',
    );
    await claimed({ accountId: 'A-2', couponToken: 'TOKEN-1' });
    await insertAccount(sut.database.db, 'nio', 'A-3');
    await expectRefused({ accountId: 'A-3', couponToken: 'TOKEN-1' }, 409, 'coupon_batch_stock_not_enough');
    expect(await batchCounters(sut, batch.couponBatchId)).toEqual({
      stockAmount: 0,
      createdAmount: 2,
      assignedAmount: 2,
      usedAmount: 0,
    });
    const binds = await sut.database.db
      .select()
      .from(couponBindRecords)
      .where(eq(couponBindRecords.channel, 'claim_token'));
    expect(binds.map((b) => b.accountId).sort()).toEqual(['A-1', 'A-2']);
  });

  it('should refuse tokens nobody has, of records not finished or dead, outside their dates, or of a closed batch', async () => {
    const batch = await insertBatch(sut);
    await insertTokenRecord(sut, batch, 'FAILED', { status: 'failed' });
    await insertTokenRecord(sut, batch, 'KILLED', { status: 'killed' });
    await insertTokenRecord(sut, batch, 'RUNNING', { status: 'processing' });
    await insertTokenRecord(sut, batch, 'QUEUED', { status: 'created' });
    await insertTokenRecord(sut, batch, 'SOON', { couponTokenEffectiveDate: new Date(Date.now() + DAY) });
    await insertTokenRecord(sut, batch, 'OVER', { couponTokenExpireDate: new Date(Date.now() - 1000) });
    await expectRefused(
      { accountId: 'A-1', couponToken: 'NOSUCH' },
      404,
      'coupon_generate_record_unavailable',
    );
    await expectRefused(
      { accountId: 'A-1', couponToken: 'FAILED' },
      409,
      'coupon_generate_record_state_unavailable',
    );
    await expectRefused(
      { accountId: 'A-1', couponToken: 'KILLED' },
      409,
      'coupon_generate_record_state_unavailable',
    );
    await expectRefused(
      { accountId: 'A-1', couponToken: 'RUNNING' },
      409,
      'coupon_generate_record_state_unfinished',
    );
    await expectRefused(
      { accountId: 'A-1', couponToken: 'QUEUED' },
      409,
      'coupon_generate_record_state_unfinished',
    );
    await expectRefused({ accountId: 'A-1', couponToken: 'SOON' }, 409, 'coupon_ineffective');
    await expectRefused({ accountId: 'A-1', couponToken: 'OVER' }, 409, 'coupon_expired');
    const paused = await insertBatch(sut, { grantEnable: false });
    await insertTokenRecord(sut, paused, 'PAUSED');
    await expectRefused({ accountId: 'A-1', couponToken: 'PAUSED' }, 409, 'coupon_unavailable');
    const limited = await insertBatch(sut, { limitPerUser: 1 });
    await insertTokenRecord(sut, limited, 'LIMITED-1');
    await insertTokenRecord(sut, limited, 'LIMITED-2');
    await claimed({ accountId: 'A-1', couponToken: 'LIMITED-1' });
    await expectRefused({ accountId: 'A-1', couponToken: 'LIMITED-2' }, 409, 'coupon_batch_amount_limit');
    expect((await batchCounters(sut, batch.couponBatchId)).createdAmount).toBe(0);
  });

  it('should give exactly the stock to many users claiming a token at once, counters exact', async () => {
    const batch = await insertBatch(sut, { amount: 50 });
    await insertTokenRecord(sut, batch, 'RUSH');
    await insertAccountRange(sut.database.db, 'nio', 100, 'U-');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => claim({ accountId: `U-${i}`, couponToken: 'RUSH' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(50);
    expect(new Set(answers.filter((r) => r.statusCode !== 200).map((r) => errorOf(r).code))).toEqual(
      new Set(['coupon_batch_stock_not_enough']),
    );
    expect(await batchCounters(sut, batch.couponBatchId)).toEqual({
      stockAmount: 0,
      createdAmount: 50,
      assignedAmount: 50,
      usedAmount: 0,
    });
    expect(await sut.database.db.select().from(coupons)).toHaveLength(50);
  });

  it('should give one coupon to a user tapping a token several times at once', async () => {
    const batch = await insertBatch(sut);
    await insertTokenRecord(sut, batch, 'TAP');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => claim({ accountId: 'A-1', couponToken: 'TAP' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => errorOf(r).code)).toEqual(
      Array(4).fill('duplicate_coupon_receive'),
    );
    expect(await batchCounters(sut, batch.couponBatchId)).toMatchObject({
      stockAmount: 99,
      assignedAmount: 1,
    });
  });

  it('should answer each claim of a burst by its own rules, tokens and codes of one batch at once', async () => {
    const limited = await insertBatch(sut, { limitPerUser: 1 });
    const codes = await insertCodes(sut, limited, 2);
    await insertTokenRecord(sut, limited, 'LIMITED-1');
    await insertTokenRecord(sut, limited, 'LIMITED-2');
    const scarce = await insertBatch(sut, { amount: 10 });
    await insertTokenRecord(sut, scarce, 'SCARCE-1');
    await insertTokenRecord(sut, scarce, 'SCARCE-2');
    await insertAccount(sut.database.db, 'nio', 'A-3');
    await insertAccountRange(sut.database.db, 'nio', 40, 'U-');
    await claimed({ accountId: 'A-1', couponToken: 'LIMITED-1' });
    const users = Array.from({ length: 40 }, (_, i) => `U-${i}`);
    const [duplicate, overLimit, nobody, twoAtOnce, ...rest] = await Promise.all([
      claim({ accountId: 'A-1', couponToken: 'LIMITED-1' }),
      claim({ accountId: 'A-1', couponToken: 'LIMITED-2' }),
      claim({ accountId: 'NOBODY', couponToken: 'LIMITED-2' }),
      claim({ accountId: 'U-0', couponToken: 'LIMITED-2', amount: 2 }),
      claim({ accountId: 'A-2', couponCode: codes[0] }),
      claim({ accountId: 'A-3', couponCode: codes[1] }),
      ...users.flatMap((accountId, i) => [
        claim({ accountId, couponToken: i % 2 ? 'LIMITED-1' : 'LIMITED-2' }),
        claim({ accountId, couponToken: i % 2 ? 'LIMITED-2' : 'LIMITED-1' }),
        claim({ accountId, couponToken: i % 2 ? 'SCARCE-1' : 'SCARCE-2' }),
      ]),
    ]);
    expect([duplicate, overLimit, nobody, twoAtOnce].map((r) => [r!.statusCode, errorOf(r!).code])).toEqual([
      [409, 'duplicate_coupon_receive'],
      [409, 'coupon_batch_amount_limit'],
      [404, 'user_not_found'],
      [422, 'coupon_invalid_issue_amount'],
    ]);
    const given = (batch: number) =>
      rest
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json<{ coupons: Coupon[] }>().coupons[0]!)
        .filter((c) => c.couponBatchId === batch);
    // Each of the 40 users once from the limited batch (the codes went to ), the 10 scarce ones to 10.
    expect(new Set(given(limited.couponBatchId).map((c) => c.accountId)).size).toBe(42);
    expect(given(limited.couponBatchId)).toHaveLength(42);
    expect(given(scarce.couponBatchId)).toHaveLength(10);
    expect(
      rest
        .filter((r) => r.statusCode !== 200)
        .map((r) => errorOf(r).code)
        .sort(),
    ).toEqual([
      ...Array(40).fill('coupon_batch_amount_limit'),
      ...Array(30).fill('coupon_batch_stock_not_enough'),
    ]);
    expect(await batchCounters(sut, limited.couponBatchId)).toEqual({
      stockAmount: 57,
      createdAmount: 43,
      assignedAmount: 43,
      usedAmount: 0,
    });
    expect(await batchCounters(sut, scarce.couponBatchId)).toEqual({
      stockAmount: 0,
      createdAmount: 10,
      assignedAmount: 10,
      usedAmount: 0,
    });
    expect(await sut.database.db.select().from(couponBindRecords)).toHaveLength(53);
  });

  it('should take a request sent several times at once only once', async () => {
    const batch = await insertBatch(sut);
    await insertTokenRecord(sut, batch, 'TWICE');
    const body = JSON.stringify({ accountId: 'A-1', couponToken: 'TWICE' });
    const path = '/api/app/coupons/claim';
    const headers = {
      'content-type': 'application/json',
      origin: undefined,
      ...signedHeaders(app, { method: 'POST', path, body }),
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sut.app.inject({ method: 'POST', url: path, headers, payload: body })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    expect(answers.filter((r) => r.statusCode === 401).map((r) => errorOf(r).code)).toEqual(
      Array(4).fill('request_replayed'),
    );
    expect((await batchCounters(sut, batch.couponBatchId)).assignedAmount).toBe(1);
  });

  it('should let a fixed-date code be claimed before its first day, keeping the batch dates', async () => {
    const effectiveDate = new Date(Date.now() + 2 * DAY);
    const expireDate = new Date(Date.now() + 9 * DAY);
    const batch = await insertBatch(sut, { expireTypeCode: 'fixed_date', effectiveDate, expireDate });
    const [code] = await insertCodes(sut, batch, 1);
    expect(await claimed({ accountId: 'A-1', couponCode: code })).toMatchObject({
      effectiveDate: effectiveDate.getTime(),
      expireDate: expireDate.getTime(),
    });
  });

  it("should list a user's coupons newest first, by status", async () => {
    const batch = await insertBatch(sut);
    const codes = await insertCodes(sut, batch, 3);
    for (const code of codes) await claimed({ accountId: 'A-1', couponCode: code });
    await sut.database.db.update(coupons).set({ status: 'used' }).where(eq(coupons.couponUuid, codes[0]!));
    const list = async (query: string) => {
      const response = await sendSignedIn(sut, app, 'GET', `/api/app/coupons?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ list: Coupon[] }>().list.map((c) => c.couponUuid);
    };
    expect(await list('accountId=A-1')).toEqual([...codes].reverse());
    expect(await list('accountId=A-1&status=assigned')).toEqual([codes[2], codes[1]]);
    expect(await list('accountId=A-1&status=used,expired')).toEqual([codes[0]]);
    expect(await list('accountId=A-2')).toEqual([]);
    const nobody = await sendSignedIn(sut, app, 'GET', '/api/app/coupons?accountId=NOBODY');
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody).code).toBe('user_not_found');
  });

  it('should refuse requests without a valid signature', async () => {
    const batch = await insertBatch(sut);
    const [code] = await insertCodes(sut, batch, 1);
    const unsigned = await sut.app.inject({
      method: 'POST',
      url: '/api/app/coupons/claim',
      headers: { 'content-type': 'application/json', origin: undefined },
      payload: { accountId: 'A-1', couponCode: code },
    });
    expect(unsigned.statusCode).toBe(401);
    const forged = await sendSigned(
      sut,
      { ...app, secretCode: (await createAppClient(sut, 'pe')).secretCode },
      'POST',
      '/api/app/coupons/claim',
      {
        accountId: 'A-1',
        couponCode: code,
      },
    );
    expect(forged.statusCode).toBe(401);
    expect((await batchCounters(sut, batch.couponBatchId)).assignedAmount).toBe(0);
  });
});
