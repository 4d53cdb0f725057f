import { asc, eq } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { InvitationKind } from '@cmp/domain/invitations/invitation-codes';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { invitations } from '../modules/invitations/invitations.tables.js';
import { insertJsonRows } from './bulk-insert.js';
import type { DemoContext } from './demo-context.js';
import { pick } from './random.js';

const DAY = 86_400_000;
const BATCH = 5_000;

/** How one kind's trees grow: who starts them, how much of the tenant they reach, how deep they go. */
interface Growth {
  kind: InvitationKind;
  prefix: string;
  /** The share of the tenant's accounts at the top of a tree (its first ones), at least ten. */
  rootShare: number;
  /** The share of the tenant's accounts that were invited. */
  reach: number;
  maxDepth: number;
  /** Invitees of a root; an invitee invites fewer, the deeper it is. */
  rootInvitees: [min: number, max: number];
  statuses: readonly string[];
}

const GROWTH: readonly Growth[] = [
  {
    kind: 'register',
    prefix: 'REG',
    rootShare: 0.005,
    reach: 0.25,
    maxDepth: 6,
    rootInvitees: [3, 15],
    // Weighted by repetition: most invitees registered, some were rewarded, a few were invalid.
    statuses: ['registered', 'registered', 'registered', 'registered', 'rewarded', 'rewarded', 'invalid'],
  },
  {
    kind: 'car_purchase',
    prefix: 'CAR',
    rootShare: 0.001,
    reach: 0.05,
    maxDepth: 4,
    rootInvitees: [2, 8],
    statuses: [
      'invited',
      'invited',
      'invited',
      'test_drive',
      'test_drive',
      'ordered',
      'delivered',
      'delivered',
      'cancelled',
    ],
  },
];

type Row = typeof invitations.$inferInsert;

/**
 * Grows one kind's invitation trees over the tenant's accounts: the first accounts start them, and each
 * invitee, drawn once from the rest, may invite in turn, fewer the deeper it stands. The first root and
 * its first invitee on every level invite at least two, so every tenant has a tree as deep as the kind goes.
 */
function grow(random: () => number, tenant: Tenant, ids: string[], growth: Growth, now: number): Row[] {
  const roots = ids.slice(
    0,
    Math.min(Math.max(10, Math.round(ids.length * growth.rootShare)), ids.length / 10),
  );
  const pool = ids.slice(roots.length);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const budget = Math.floor(pool.length * growth.reach);
  const rows: Row[] = [];
  let level = roots.map((accountId, i) => ({
    accountId,
    since: now - (300 + Math.floor(random() * 60)) * DAY,
    leads: i === 0,
  }));
  for (let depth = 0; depth < growth.maxDepth && level.length > 0; depth++) {
    const next: typeof level = [];
    for (const inviter of level) {
      const [min, max] = growth.rootInvitees;
      const drawn =
        depth === 0
          ? min + Math.floor(random() * (max - min + 1))
          : Math.floor(random() ** 2 * (growth.maxDepth + 1 - depth));
      const count = inviter.leads ? Math.max(drawn, 2) : drawn;
      // The leading line grows beyond the budget, so it reaches the kind's depth at any size.
      for (
        let c = 0;
        c < count && (rows.length < budget || inviter.leads) && rows.length < pool.length;
        c++
      ) {
        const userId = pool[rows.length]!;
        const createTime = Math.min(
          now - DAY,
          inviter.since + Math.floor(1 + random() * 40) * DAY + Math.floor(random() * DAY),
        );
        const updateTime = Math.min(now, createTime + Math.floor(random() * 20) * DAY);
        rows.push({
          tenant,
          kind: growth.kind,
          externalId: `${growth.prefix}-${tenant}-${String(rows.length + 1).padStart(7, '0')}`,
          userId,
          inviterId: inviter.accountId,
          inviteStatus: pick(random, growth.statuses),
          createTime: new Date(createTime),
          updateTime: new Date(updateTime),
        });
        next.push({ accountId: userId, since: createTime, leads: inviter.leads && c === 0 });
      }
    }
    level = next;
  }
  return rows;
}

/**
 * Register and car-purchase invitations among each tenant's demo accounts, as the app back end would
 * have sent them over the past year: trees several levels deep, the deepest started by the tenant's first
 * account (ACC100000). Runs after the accounts.
 */
export async function seedInvitations({ tx, random, now }: DemoContext): Promise<void> {
  for (const tenant of TENANTS) {
    const ids = (
      await tx
        .select({ accountId: accounts.accountId })
        .from(accounts)
        .where(eq(accounts.tenant, tenant))
        .orderBy(asc(accounts.accountId))
    ).map((r) => r.accountId);
    for (const growth of GROWTH) {
      const rows = grow(random, tenant, ids, growth, now.getTime());
      for (let i = 0; i < rows.length; i += BATCH)
        await insertJsonRows(tx, invitations, rows.slice(i, i + BATCH));
    }
  }
}
