import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  PushBatch,
  PushBatchDetail,
  PushBatchFields,
  PushBatchPage,
  PushReceipt,
  PushRecipientPage,
} from '@cmp/domain/push-messages/push-messages';
import type { Job, Page } from '@cmp/domain';
import { auditRecords } from '../../platform/audit/audit.tables.js';
import { insertAccount, insertAccountRange } from '../../test/account-fixtures.js';
import { createAppClient, sendSigned, type TestAppClient } from '../../test/app-client-fixtures.js';
import { endedJob, jobFile, rowValues, sheetOfBytes } from '../../test/export-files.js';
import { multipartForm } from '../../test/multipart.js';
import { createTestContext, errorOf, type TestContext } from '../../test/test-app.js';
import { notifyUser } from '../accounts/user-notifications.service.js';
import { userNotifications } from '../accounts/user-notifications.tables.js';
import { pushBatches, pushRecipients } from './push-messages.tables.js';

async function workbook(header: string, identifiers: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow([header]);
  for (const identifier of identifiers) sheet.addRow([identifier]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('push messages (no broker: the apps fetch)', () => {
  let sut: TestContext;
  let operator: string;
  let viewer: string;
  let client: TestAppClient;

  beforeEach(async () => {
    sut = await createTestContext();
    operator = await sut.userWith('operator', 'nio');
    viewer = await sut.userWith('viewer', 'nio');
    await insertAccountRange(sut.database.db, 'nio', 20);
    await insertAccount(sut.database.db, 'nio', 'GONE', { isDelete: true });
    await insertAccount(sut.database.db, 'pe', 'P1');
    client = await createAppClient(sut, 'nio');
  });
  afterEach(() => sut.app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    { payload, cookie = operator, tenant = 'nio' } = {} as {
      payload?: object;
      cookie?: string;
      tenant?: string;
    },
  ) =>
    sut.app.inject({
      method,
      url: `/api/${tenant}${path}`,
      headers: { cookie, 'accept-language': 'zh-CN' },
      payload,
    });
  const fields = (values: Partial<PushBatchFields> = {}): PushBatchFields => ({
    title: '充电优惠',
    content: '本周末充电打八折',
    landingPage: 'https://example.com/offer',
    targetClients: ['nio_app', 'pe_app'],
    ...values,
  });
  const created = async (values: Partial<PushBatchFields> = {}) => {
    const response = await call('POST', '/push-batches', { payload: fields(values) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PushBatch>();
  };
  const detail = async (batchId: number) =>
    (await call('GET', `/push-batches/${batchId}`)).json<PushBatchDetail>();
  const add = (batchId: number, accountId: string, cookie = operator) =>
    call('POST', `/push-batches/${batchId}/recipients`, { payload: { accountId }, cookie });
  const upload = (batchId: number, data: Buffer, cookie = operator) => {
    const form = multipartForm({}, { name: 'recipients.xlsx', data });
    return sut.app.inject({
      method: 'POST',
      url: `/api/nio/push-batches/${batchId}/recipients/import`,
      headers: { ...form.headers, cookie, 'accept-language': 'zh-CN' },
      payload: form.payload,
    });
  };
  const pushed = async (response: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(response.statusCode, response.body).toBe(202);
    const receipt = response.json<PushReceipt>();
    const job = await endedJob(sut.database.db, receipt.jobId);
    expect(job.state, job.error ?? '').toBe('succeeded');
    return { receipt, job };
  };
  const fetchFor = (accountId: string, by = client) =>
    sendSigned(sut, by, 'GET', `/api/app/push-messages?accountId=${accountId}`);

  it('should create, list with filters, read and change a batch, each change audited', async () => {
    const first = await created();
    await created({ title: '换电提醒', targetClients: ['pe_wx_mini'] });
    expect(first).toMatchObject({
      status: 'draft',
      recipients: 0,
      ratePerSecond: 500,
      pushAt: null,
      version: 1,
    });

    const all = (await call('GET', '/push-batches')).json<PushBatchPage>();
    expect(all.total).toBe(2);
    expect(all.items.map((b) => b.title)).toEqual(['换电提醒', '充电优惠']);
    const byTitle = (
      await call('GET', `/push-batches?title=${encodeURIComponent('优惠')}`)
    ).json<PushBatchPage>();
    expect(byTitle.items.map((b) => b.batchId)).toEqual([first.batchId]);
    const byClient = (await call('GET', '/push-batches?targetClient=pe_wx_mini')).json<PushBatchPage>();
    expect(byClient.items.map((b) => b.title)).toEqual(['换电提醒']);
    expect((await call('GET', '/push-batches?status=pushed')).json<PushBatchPage>().total).toBe(0);

    const changed = await call('PUT', `/push-batches/${first.batchId}`, {
      payload: { ...fields({ title: '充电优惠（周末）', ratePerSecond: 50 }), version: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<PushBatch>()).toMatchObject({
      title: '充电优惠（周末）',
      ratePerSecond: 50,
      version: 2,
    });
    const stale = await call('PUT', `/push-batches/${first.batchId}`, {
      payload: { ...fields(), version: 1 },
    });
    expect(stale.statusCode).toBe(409);

    const actions = await sut.database.db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(
        and(eq(auditRecords.entityType, 'push_batch'), eq(auditRecords.entityId, String(first.batchId))),
      );
    expect(actions.map((a) => a.action)).toEqual(['PUSH_BATCH_CREATE', 'PUSH_BATCH_UPDATE']);
    expect((await call('GET', '/push-batches/export')).statusCode).toBe(200);
  });

  it('should add and remove recipients one at a time and empty them, refusing what is not an account', async () => {
    const batch = await created();
    expect((await add(batch.batchId, 'U1')).statusCode).toBe(204);
    expect((await add(batch.batchId, 'U2')).statusCode).toBe(204);
    const again = await add(batch.batchId, 'U1');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('账号 U1 已是本批次的接收人');
    expect((await add(batch.batchId, 'GONE')).statusCode).toBe(422);
    expect((await add(batch.batchId, 'P1')).statusCode).toBe(422);

    const page = (await call('GET', `/push-batches/${batch.batchId}/recipients`)).json<PushRecipientPage>();
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      accountId: 'U1',
      nickname: '用户1',
      state: 'pending',
      attempts: 0,
    });
    expect(page.items[0]!.mobile).not.toBe('13900000001');

    expect((await call('DELETE', `/push-batches/${batch.batchId}/recipients/U2`)).statusCode).toBe(204);
    expect((await call('DELETE', `/push-batches/${batch.batchId}/recipients/U2`)).statusCode).toBe(404);
    expect((await detail(batch.batchId)).recipients).toBe(1);

    const emptied = await call('POST', `/push-batches/${batch.batchId}/recipients/empty`, {
      payload: { version: (await detail(batch.batchId)).version },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((await detail(batch.batchId)).counts.total).toBe(0);
    expect(emptied.json<PushBatch>().recipients).toBe(0);
  });

  it('should add the recipients of a clean sheet, and nobody from a sheet with a wrong row, handing it back', async () => {
    const batch = await created();
    const bad = await upload(
      batch.batchId,
      await workbook('手机号', ['13900000001', '13700000000', '13900000001']),
    );
    expect(bad.statusCode, bad.body).toBe(202);
    const failed = await endedJob(sut.database.db, bad.json<PushReceipt>().jobId);
    expect(failed.result).toMatchObject({ counts: { rows: 3, invalid: 2, added: 0 }, withErrors: true });
    expect(failed.progressMessage).toBe('2 行有误，未添加任何接收人；请下载表格查看原因');
    const sheet = await sheetOfBytes(await jobFile(sut, failed.id, '推送接收人导入错误.xlsx'));
    expect(rowValues(sheet, 1)).toEqual(['手机号', '错误信息', '状态']);
    expect((await detail(batch.batchId)).recipients).toBe(0);

    const good = await upload(batch.batchId, await workbook('账号', ['U1', 'U2', 'U3']));
    const done = await endedJob(sut.database.db, good.json<PushReceipt>().jobId);
    expect(done.state).toBe('succeeded');
    expect(done.result).toMatchObject({ counts: { rows: 3, invalid: 0, added: 3 } });
    expect((await detail(batch.batchId)).recipients).toBe(3);

    const notSheet = await upload(batch.batchId, Buffer.from('账号\nU1\n'));
    expect(notSheet.statusCode).toBe(415);
  });

  it('should push to every recipient into the outbox, and the app fetches and acknowledges them', async () => {
    const batch = await created();
    for (const id of ['U1', 'U2', 'U3']) await add(batch.batchId, id);
    const { version } = await detail(batch.batchId);
    const { receipt } = await pushed(
      await call('POST', `/push-batches/${batch.batchId}/push-all`, { payload: { version } }),
    );
    expect(receipt.recipients).toBe(3);
    const after = await detail(batch.batchId);
    expect(after.status).toBe('pushed');
    expect(after.counts).toMatchObject({ total: 3, pending: 0, sent: 3, failed: 0 });
    const nothing = await call('POST', `/push-batches/${batch.batchId}/push-all`, {
      payload: { version: after.version },
    });
    expect(nothing.statusCode).toBe(422);
    expect(errorOf(nothing).message).toBe('没有待推送的接收人');

    const fetched = await fetchFor('U1');
    expect(fetched.statusCode, fetched.body).toBe(200);
    const items = fetched.json<{ items: { id: string; title: string; landingPage: string }[] }>().items;
    expect(items).toEqual([
      expect.objectContaining({
        id: `b${batch.batchId}`,
        kind: 'push_batch',
        title: '充电优惠',
        clients: ['nio_app', 'pe_app'],
      }),
    ]);
    const ack = await sendSigned(sut, client, 'POST', '/api/app/push-messages/ack', {
      accountId: 'U1',
      ids: [`b${batch.batchId}`, 'b999', 'x1'],
    });
    expect(ack.json()).toEqual({ acknowledged: 1 });
    expect((await fetchFor('U1')).json<{ items: unknown[] }>().items).toEqual([]);
    const states = (
      await call('GET', `/push-batches/${batch.batchId}/recipients?state=acknowledged`)
    ).json<PushRecipientPage>();
    expect(states.items.map((r) => [r.accountId, r.channel])).toEqual([['U1', 'outbox']]);

    // Another tenant's client cannot acknowledge for it.
    const peClient = await createAppClient(sut, 'pe');
    expect((await fetchFor('U2', peClient)).json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('should push to one recipient again, and retry the failed ones', async () => {
    const batch = await created();
    for (const id of ['U1', 'U2']) await add(batch.batchId, id);
    await sut.database.db
      .update(pushRecipients)
      .set({ state: 'failed', attempts: 4, lastError: 'no PUBACK from the broker in 10000 ms' })
      .where(eq(pushRecipients.batchId, batch.batchId));
    const failed = (
      await call('GET', `/push-batches/${batch.batchId}/recipients?state=failed`)
    ).json<PushRecipientPage>();
    expect(failed.items.map((r) => [r.accountId, r.attempts, r.lastError])).toEqual([
      ['U1', 4, 'no PUBACK from the broker in 10000 ms'],
      ['U2', 4, 'no PUBACK from the broker in 10000 ms'],
    ]);
    const one = await pushed(await call('POST', `/push-batches/${batch.batchId}/recipients/U1/push`));
    expect(one.receipt.recipients).toBe(1);
    expect((await detail(batch.batchId)).counts).toMatchObject({ sent: 1, failed: 1 });
    expect((await call('POST', `/push-batches/${batch.batchId}/recipients/U9/push`)).statusCode).toBe(404);

    const { version } = await detail(batch.batchId);
    const retried = await pushed(
      await call('POST', `/push-batches/${batch.batchId}/retry`, { payload: { version } }),
    );
    expect(retried.receipt.recipients).toBe(1);
    expect((await detail(batch.batchId)).counts).toMatchObject({ sent: 2, failed: 0 });
    const none = await call('POST', `/push-batches/${batch.batchId}/retry`, {
      payload: { version: (await detail(batch.batchId)).version },
    });
    expect(errorOf(none).message).toBe('没有推送失败的接收人');
  });

  it('should schedule a push, change and cancel it, and push it when its time comes', async () => {
    const batch = await created();
    const empty = await call('PUT', `/push-batches/${batch.batchId}/schedule`, {
      payload: { pushAt: Date.now() + 3_600_000, version: 1 },
    });
    expect(errorOf(empty).message).toBe('请先添加接收人再定时推送');
    await add(batch.batchId, 'U1');
    let { version } = await detail(batch.batchId);
    const past = await call('PUT', `/push-batches/${batch.batchId}/schedule`, {
      payload: { pushAt: Date.now() - 1, version },
    });
    expect(errorOf(past).message).toBe('请选择将来的时间');
    const later = Date.now() + 3_600_000;
    const scheduled = await call('PUT', `/push-batches/${batch.batchId}/schedule`, {
      payload: { pushAt: later, version },
    });
    expect(scheduled.json<PushBatch>()).toMatchObject({ status: 'scheduled', pushAt: later });
    ({ version } = await detail(batch.batchId));
    const cancelled = await call('PUT', `/push-batches/${batch.batchId}/schedule`, {
      payload: { pushAt: null, version },
    });
    expect(cancelled.json<PushBatch>()).toMatchObject({ status: 'draft', pushAt: null });

    ({ version } = await detail(batch.batchId));
    await call('PUT', `/push-batches/${batch.batchId}/schedule`, {
      payload: { pushAt: Date.now() + 60_000, version },
    });
    // Its time comes: the server's timer starts it.
    await sut.database.db
      .update(pushBatches)
      .set({ pushAt: new Date(Date.now() - 1000) })
      .where(eq(pushBatches.batchId, batch.batchId));
    for (let waited = 0; (await detail(batch.batchId)).status !== 'pushed'; waited += 100) {
      expect(waited).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const started = await detail(batch.batchId);
    expect(started.counts.sent).toBe(1);
    // The push the schedule started is the scheduler's job, in their task center.
    const mine = (await call('GET', '/jobs?kind=push-messages.push')).json<Page<Job>>();
    expect(mine.items.map((job) => [job.jobId, job.createdBy.userName])).toEqual([
      [started.jobId, 'nio-operator'],
    ]);
  });

  it('should push a single notification and hand the other outboxes to the apps fetch', async () => {
    const sent = await call('POST', '/push-notifications', {
      payload: { accountId: 'U5', title: '账户提醒', content: '您的优惠券即将过期' },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const { notificationId } = sent.json<{ notificationId: number }>();
    expect(
      (await call('POST', '/push-notifications', { payload: { accountId: 'P1', title: 't', content: 'c' } }))
        .statusCode,
    ).toBe(422);
    await sut.database.db.transaction((tx) =>
      notifyUser(tx, {
        tenant: 'nio',
        accountId: 'U5',
        title: '报告已审核',
        content: '您上报的站点已通过审核',
        origin: 'crowdsourced_station',
        originId: '7',
        createdBy: 'op',
      }),
    );
    const items = (await fetchFor('U5')).json<{ items: { id: string; kind: string }[] }>().items;
    expect(items.map((i) => i.kind).sort()).toEqual(['notification', 'user_notice']);
    const ack = await sendSigned(sut, client, 'POST', '/api/app/push-messages/ack', {
      accountId: 'U5',
      ids: items.map((i) => i.id),
    });
    expect(ack.json()).toEqual({ acknowledged: 2 });
    const [notice] = await sut.database.db.select().from(userNotifications);
    expect(notice!.deliveredAt).not.toBeNull();
    expect((await call('GET', `/push-notifications/${notificationId}`)).json()).toMatchObject({
      state: 'acknowledged',
    });
  });

  it('should let viewers read and only operators change, within their own tenant', async () => {
    const batch = await created();
    expect((await call('GET', `/push-batches/${batch.batchId}`, { cookie: viewer })).statusCode).toBe(200);
    expect((await call('POST', '/push-batches', { payload: fields(), cookie: viewer })).statusCode).toBe(403);
    expect((await add(batch.batchId, 'U1', viewer)).statusCode).toBe(403);
    expect(
      (
        await call('POST', `/push-batches/${batch.batchId}/push-all`, {
          payload: { version: 1 },
          cookie: viewer,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', '/push-batches', { tenant: 'pe' })).statusCode).toBe(403);
    const peOperator = await sut.userWith('operator', 'pe');
    expect(
      (await call('GET', `/push-batches/${batch.batchId}`, { tenant: 'pe', cookie: peOperator })).statusCode,
    ).toBe(404);
  });

  it('should refuse hostile input field by field', async () => {
    const bad = await call('POST', '/push-batches', {
      payload: {
        title: '',
        content: 'x'.repeat(513),
        landingPage: 'javascript:alert(1)',
        targetClients: ['evil'],
      },
    });
    expect(bad.statusCode).toBe(400);
    const paths = (errorOf(bad).details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['body.content', 'body.landingPage', 'body.targetClients.0', 'body.title']);
    expect((await call('GET', '/push-batches?sort=title;drop:asc')).statusCode).toBe(400);
    expect((await call('GET', '/push-batches/abc')).statusCode).toBe(400);
    expect((await call('POST', '/push-batches', { payload: fields({ ratePerSecond: 0 }) })).statusCode).toBe(
      400,
    );
  });
});
