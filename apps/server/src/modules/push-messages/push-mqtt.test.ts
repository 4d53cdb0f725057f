import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AppMessage,
  PushBatch,
  PushBatchDetail,
  PushReceipt,
  PushRecipientPage,
} from '@cmp/domain/push-messages/push-messages';
import { insertAccountRange } from '../../test/account-fixtures.js';
import { endedJob } from '../../test/export-files.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { notifyUser } from '../accounts/user-notifications.service.js';
import { userNotifications } from '../accounts/user-notifications.tables.js';
import { pushRecipients } from './push-messages.tables.js';

/** The local Mosquitto that tests and CI run beside the database. */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** A subscriber of every user's topic of the tenant, as the apps subscribe to their own. */
async function subscriber(): Promise<{
  client: MqttClient;
  received: { topic: string; message: AppMessage }[];
}> {
  const client = await mqtt.connectAsync(BROKER, { clientId: `cmp-test-${process.pid}-${Date.now()}` });
  const received: { topic: string; message: AppMessage }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, message: JSON.parse(payload.toString()) }));
  await client.subscribeAsync('cmp/nio/users/+/notifications', { qos: 1 });
  return { client, received };
}

async function until(check: () => Promise<boolean> | boolean, withinMs = 15_000): Promise<void> {
  for (const deadline = Date.now() + withinMs; !(await check());) {
    if (Date.now() > deadline) throw new Error('the awaited state did not come');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('push messages through the MQTT broker', () => {
  let sut: TestContext;
  let operator: string;
  let listener: Awaited<ReturnType<typeof subscriber>>;

  const start = async (overrides: Parameters<typeof createTestContext>[0] = {}) => {
    sut = await createTestContext({ mqttUrl: BROKER, mqttTimeoutMs: 2_000, mqttRetryMs: 20, ...overrides });
    operator = await sut.userWith('operator', 'nio');
    await insertAccountRange(sut.database.db, 'nio', 30);
  };
  beforeEach(async () => {
    listener = await subscriber();
  });
  afterEach(async () => {
    await sut.app.close();
    await listener.client.endAsync();
  });

  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    sut.app.inject({ method, url: `/api/nio${path}`, headers: { cookie: operator }, payload });
  const batchWith = async (recipients: number, ratePerSecond = 500) => {
    const batch = (
      await call('POST', '/push-batches', {
        title: '充电优惠',
        content: '本周末充电打八折',
        landingPage: 'https://example.com/offer',
        targetClients: ['nio_app'],
        ratePerSecond,
      })
    ).json<PushBatch>();
    for (let i = 0; i < recipients; i++)
      await call('POST', `/push-batches/${batch.batchId}/recipients`, { accountId: `U${i}` });
    return (await call('GET', `/push-batches/${batch.batchId}`)).json<PushBatchDetail>();
  };
  const pushAll = async (batch: PushBatchDetail) => {
    const response = await call('POST', `/push-batches/${batch.batchId}/push-all`, {
      version: batch.version,
    });
    expect(response.statusCode, response.body).toBe(202);
    return endedJob(sut.database.db, response.json<PushReceipt>().jobId, 30_000);
  };

  it('should deliver each recipient its message on its own topic with QoS 1 and record the PUBACK', async () => {
    await start();
    const batch = await batchWith(3);
    const job = await pushAll(batch);
    expect(job.state, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ counts: { sent: 3, failed: 0, duplicates: 0 } });
    await until(() => listener.received.length >= 3);
    expect(listener.received.map((r) => r.topic).sort()).toEqual([
      'cmp/nio/users/U0/notifications',
      'cmp/nio/users/U1/notifications',
      'cmp/nio/users/U2/notifications',
    ]);
    expect(listener.received[0]!.message).toMatchObject({
      id: `b${batch.batchId}`,
      kind: 'push_batch',
      title: '充电优惠',
      content: '本周末充电打八折',
      landingPage: 'https://example.com/offer',
      clients: ['nio_app'],
    });
    const page = (await call('GET', `/push-batches/${batch.batchId}/recipients`)).json<PushRecipientPage>();
    expect(page.items.map((r) => [r.state, r.channel, r.attempts])).toEqual([
      ['sent', 'mqtt', 1],
      ['sent', 'mqtt', 1],
      ['sent', 'mqtt', 1],
    ]);
    expect(page.items.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('should resume a push cut off mid-chunk: every recipient reached, the ones in flight counted as duplicates', async () => {
    await start();
    const batch = await batchWith(12, 5);
    // A process killed after publishing to these and before recording their PUBACK leaves them in flight.
    for (const accountId of ['U0', 'U1', 'U10', 'U11']) {
      await sut.database.db
        .update(pushRecipients)
        .set({ inFlightAt: new Date(), attempts: 1 })
        .where(eq(pushRecipients.accountId, accountId));
    }
    const job = await pushAll(batch);
    expect(job.result).toMatchObject({ counts: { sent: 12, failed: 0, duplicates: 4 } });
    await until(() => listener.received.length >= 12);
    expect(new Set(listener.received.map((r) => r.topic)).size).toBe(12);
    const detail = (await call('GET', `/push-batches/${batch.batchId}`)).json<PushBatchDetail>();
    expect(detail.counts).toMatchObject({ sent: 12, duplicates: 4 });
  });

  it('should fail only the push when the broker cannot be reached, keeping the error after its attempts', async () => {
    await start({ mqttUrl: 'mqtt://127.0.0.1:1', mqttTimeoutMs: 300 });
    const batch = await batchWith(2);
    const response = await call('POST', `/push-batches/${batch.batchId}/push-all`, {
      version: batch.version,
    });
    const { jobId } = response.json<PushReceipt>();
    // The portal answers while the push waits on the broker.
    expect((await call('GET', '/push-batches')).statusCode).toBe(200);
    const job = await endedJob(sut.database.db, jobId, 30_000);
    expect(job.result).toMatchObject({ counts: { sent: 0, failed: 2 }, withErrors: true });
    const page = (await call('GET', `/push-batches/${batch.batchId}/recipients`)).json<PushRecipientPage>();
    expect(page.items.map((r) => [r.state, r.attempts])).toEqual([
      ['failed', 4],
      ['failed', 4],
    ]);
    expect(page.items[0]!.lastError).toMatch(/broker|PUBACK/);
  });

  it('should relay the accounts outbox and single notifications through the broker', async () => {
    await start();
    await sut.database.db.transaction((tx) =>
      notifyUser(tx, {
        tenant: 'nio',
        accountId: 'U3',
        title: '报告已审核',
        content: '您上报的站点已通过审核',
        origin: 'crowdsourced_station',
        originId: '7',
        createdBy: 'op',
      }),
    );
    const sent = await call('POST', '/push-notifications', {
      accountId: 'U4',
      title: '账户提醒',
      content: '请查收',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await until(() => listener.received.length >= 2);
    expect(listener.received.map((r) => [r.topic, r.message.kind]).sort()).toEqual([
      ['cmp/nio/users/U3/notifications', 'user_notice'],
      ['cmp/nio/users/U4/notifications', 'notification'],
    ]);
    await until(
      async () => (await sut.database.db.select().from(userNotifications))[0]!.deliveredAt !== null,
    );
    const notification = await call(
      'GET',
      `/push-notifications/${sent.json<{ notificationId: number }>().notificationId}`,
    );
    expect(notification.json()).toMatchObject({ state: 'sent', attempts: 1 });
  });
});
