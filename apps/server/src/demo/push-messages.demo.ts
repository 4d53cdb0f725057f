import { TENANTS, type Tenant } from '@cmp/domain';
import type { ClientCode } from '@cmp/domain/shared/clients';
import { pushBatches, pushRecipients } from '../modules/push-messages/push-messages.tables.js';
import { demoAccountId } from './accounts.demo.js';
import type { DemoContext } from './demo-context.js';

const DAY = 86_400_000;
const CLIENTS: Record<Tenant, ClientCode[]> = {
  nio: ['nio_app'],
  pe: ['pe_app', 'pe_wx_mini'],
  rsc: ['rsc_feishu_mini'],
};

/**
 * Push batches of every tenant: one pushed a week ago with its recipients delivered, acknowledged and a few
 * failed, one scheduled for tomorrow, and a draft still being filled.
 */
export async function seedPushMessages({ tx, random, now }: DemoContext): Promise<void> {
  for (const [t, tenant] of TENANTS.entries()) {
    const base = 20_000 + t * 100;
    const batches = [
      { title: '周末充电八折', status: 'pushed', recipients: 40, age: 7, pushAt: null },
      {
        title: '换电站上新提醒',
        status: 'scheduled',
        recipients: 12,
        age: 1,
        pushAt: new Date(now.getTime() + DAY),
      },
      { title: '会员日活动预告', status: 'draft', recipients: 5, age: 0, pushAt: null },
    ] as const;
    for (const [i, spec] of batches.entries()) {
      const created = new Date(now.getTime() - spec.age * DAY - i * 3_600_000);
      const [batch] = await tx
        .insert(pushBatches)
        .values({
          tenant,
          title: spec.title,
          content: `${spec.title}：详情请打开 App 查看。`,
          landingPage: 'https://example.com/campaign',
          targetClients: CLIENTS[tenant],
          ratePerSecond: 500,
          status: spec.status,
          pushAt: spec.pushAt,
          recipients: spec.recipients,
          creator: `${tenant}-operator`,
          updater: `${tenant}-operator`,
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      const pushed = spec.status === 'pushed';
      await tx.insert(pushRecipients).values(
        Array.from({ length: spec.recipients }, (_, n) => {
          const roll = random();
          const state = !pushed ? 'pending' : roll < 0.1 ? 'failed' : roll < 0.6 ? 'acknowledged' : 'sent';
          const sentAt = new Date(created.getTime() + 60_000 + n * 50);
          return {
            batchId: batch!.batchId,
            accountId: demoAccountId(base + i * 50 + n),
            state,
            channel: pushed && state !== 'failed' ? 'outbox' : null,
            attempts: !pushed ? 0 : state === 'failed' ? 4 : 1,
            lastError: state === 'failed' ? 'no PUBACK from the broker in 10000 ms' : null,
            addedAt: created,
            sentAt: pushed && state !== 'failed' ? sentAt : null,
            acknowledgedAt: state === 'acknowledged' ? new Date(sentAt.getTime() + 30_000) : null,
          };
        }),
      );
    }
  }
}
