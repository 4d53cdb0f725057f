import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { ChatClient } from '@cmp/domain/chats/chat-clients';
import type { GroupState } from '@cmp/domain/chats/group-chats';
import {
  groupChatMembers,
  groupChatNotifications,
  groupChats,
} from '../modules/group-chats/group-chats.tables.js';
import { resources } from '../modules/stations/stations.tables.js';
import { demoAccountId } from './accounts.demo.js';
import type { DemoContext } from './demo-context.js';

const DAY = 86_400_000;
const GROUPS_PER_TENANT = 8;

/** The clients each tenant's apps run as. */
const CLIENTS: Record<Tenant, readonly ChatClient[]> = {
  nio: ['nio_app', 'sapp'],
  pe: ['pe_app', 'pe_wx_mini'],
  rsc: ['sapp'],
};
const INTROS = [
  '排队提醒、站点动态，和同站车主一起聊。',
  '本站车友交流群，故障报修请联系站长。',
  null,
  '夜间充电优惠信息第一时间发布。',
];

/**
 * Group chats of every tenant on the network's first charge stations, one per station and client: most
 * open and NORMAL, one invalid and one destroyed, each with an owner and members from the tenant's demo
 * accounts (some invited by others), and one notice waiting in the outbox.
 */
export async function seedGroupChats({ tx, random, now }: DemoContext): Promise<void> {
  const stations = await tx
    .select({ resourceId: resources.resourceId, resourceName: resources.resourceName })
    .from(resources)
    .where(eq(resources.resourceType, 'ChargeStation'))
    .orderBy(asc(resources.resourceId))
    .limit(GROUPS_PER_TENANT);
  for (const [t, tenant] of TENANTS.entries()) {
    let account = t * 1000;
    for (const [i, station] of stations.entries()) {
      const clientCode = CLIENTS[tenant][i % CLIENTS[tenant].length]!;
      const status: GroupState = i === 5 ? 'INVALID' : i === 7 ? 'DESTROY' : 'NORMAL';
      const size = 3 + Math.floor(random() * 18);
      const owner = demoAccountId(account);
      const created = new Date(now.getTime() - (60 - i * 5) * DAY);
      const members = Array.from({ length: size }, (_, n) => demoAccountId(account + n));
      account += size;
      const [group] = await tx
        .insert(groupChats)
        .values({
          tenant,
          clientCode,
          resourceId: station.resourceId,
          chatSwitch: i === 6 ? 0 : 1,
          chatId: `g${tenant}${String(i).padStart(2, '0')}${randomUUID().replaceAll('-', '').slice(0, 14)}`,
          owner,
          groupName: `${station.resourceName.slice(0, 24)}车友群`,
          groupIntro: INTROS[i % INTROS.length] ?? null,
          groupCover: null,
          chatStatus: status,
          memberNum: members.length,
          maxMemberNum: i === 2 ? 50 : 500,
          creator: `${tenant}-operator`,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: groupChats.id, chatId: groupChats.chatId, groupName: groupChats.groupName });
      await tx.insert(groupChatMembers).values(
        members.map((accountId, n) => ({
          groupId: group!.id,
          accountId,
          clientCode,
          // Every third member came through an invitation of the owner or of the member before.
          invitedBy: n > 0 && n % 3 === 0 ? members[n - 1]! : null,
          joinedAt: new Date(created.getTime() + n * 3_600_000),
        })),
      );
      if (i === 0) {
        const batchId = randomUUID();
        await tx.insert(groupChatNotifications).values(
          members.map((accountId) => ({
            tenant,
            groupId: group!.id,
            batchId,
            accountId,
            payload: {
              type: 'group_chat_notice' as const,
              groupId: group!.id,
              chatId: group!.chatId,
              groupName: group!.groupName,
              title: '本周六站点检修',
              content: '周六 02:00–05:00 检修 3 号、4 号桩，其余桩正常开放。',
              linkUrl: null,
            },
            createdBy: `${tenant}-operator`,
            createdAt: new Date(now.getTime() - 2 * DAY),
          })),
        );
      }
    }
  }
}
