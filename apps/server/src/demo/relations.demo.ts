import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { RelationSource, RelationType } from '@cmp/domain/accounts/relations';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { relations } from '../modules/relations/relations.tables.js';
import { RELATION_BIND_ACTION, RELATION_UNBIND_ACTION } from '../modules/relations/relations.service.js';
import { STATION_ENTITY } from '../modules/stations/station-directory.service.js';
import { resources } from '../modules/stations/stations.tables.js';
import { insertJsonRows } from './bulk-insert.js';
import type { DemoContext, DemoSize } from './demo-context.js';
import { pick } from './random.js';

const RELATIONS: Record<DemoSize, number> = { small: 3_000, large: 12_000 };
/** The tenant's first accounts (by id) that relations are drawn from: a few thousand people. */
const ACCOUNT_POOL = 3_000;
const DAY = 86_400_000;
const UNBOUND_SHARE = 0.15;

const TENANT_SHARE: readonly (readonly [Tenant, number])[] = [
  ['nio', 0.65],
  ['pe', 0.25],
  ['rsc', 0.1],
];
const TYPE_SHARE: readonly (readonly [RelationType, number])[] = [
  ['discoverer', 0.4],
  ['contributor', 0.45],
  ['maintainer', 0.15],
];
/**
 * Discoverers bound by the app; those of the report flow come with the demo's reports
 * (crowdsourced-stations.demo.ts), each backed by its report. Contributors mostly through the app,
 * maintainers through staff.
 */
const SOURCES: Record<RelationType, readonly (readonly [RelationSource, number])[]> = {
  discoverer: [['app', 1]],
  contributor: [
    ['app', 0.7],
    ['portal', 0.3],
  ],
  maintainer: [['portal', 1]],
};
const BIND_REASONS: Record<RelationType, readonly string[]> = {
  discoverer: [
    '用户上报新站点，审核通过',
    '用户上报的站点已上线',
    '小程序上报站点',
    '用户发现未收录的充电站',
  ],
  contributor: [
    '补充了站点图片',
    '纠正了电价与服务费',
    '更新了营业时间',
    '纠正了站点位置',
    '补充了停车收费信息',
    '反馈的故障桩已核实',
  ],
  maintainer: ['签约站点维护志愿者', '合作方驻场维护', '车主社群站长', '定期巡检并反馈站点状态'],
};
const UNBIND_REASONS = [
  '用户注销账号',
  '用户申请解除关系',
  '站点已下线',
  '上报信息有误，重新核实',
  '维护协议到期',
  '重复绑定，保留最新关系',
];

function weighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  let draw = random();
  for (const [value, weight] of choices) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return choices.at(-1)![0];
}

/** Who bound or unbound through a source: the tenant's operator, its app back end, or the report flow. */
const actorOf = (tenant: Tenant, source: RelationSource): string =>
  source === 'portal' ? `${tenant}-operator` : source === 'app' ? `demo-${tenant}-app` : 'system';

/**
 * App users tied to the demo stations over the past two years: reporters as discoverers, contributors of
 * data, a few maintainers, some of them unbound since with a reason, each bind and unbind in the station's
 * history. Accounts are the tenant's demo accounts (seeded before); a tenant without any gets none.
 */
export async function seedRelations(context: DemoContext): Promise<void> {
  const { tx, random, size, now } = context;
  const stations = await tx
    .select({ resourceId: resources.resourceId, resourceType: resources.resourceType })
    .from(resources)
    .where(inArray(resources.resourceType, ['ChargeStation', 'PowerSwap']))
    .orderBy(asc(resources.resourceId));
  const people = new Map<Tenant, string[]>();
  for (const tenant of TENANTS) {
    const rows = await tx
      .select({ accountId: accounts.accountId })
      .from(accounts)
      .where(and(eq(accounts.tenant, tenant), eq(accounts.isDelete, false)))
      .orderBy(asc(accounts.accountId))
      .limit(ACCOUNT_POOL);
    if (rows.length > 0)
      people.set(
        tenant,
        rows.map((r) => r.accountId),
      );
  }
  const shares = TENANT_SHARE.filter(([tenant]) => people.has(tenant));
  if (stations.length === 0 || shares.length === 0) return;

  const rows: (typeof relations.$inferInsert)[] = [];
  const live = new Set<string>();
  const total = RELATIONS[size];
  for (let attempt = 0; rows.length < total && attempt < total * 2; attempt++) {
    const tenant = weighted(random, shares);
    const station = pick(random, stations);
    const accountId = pick(random, people.get(tenant)!);
    const relationType = weighted(random, TYPE_SHARE);
    // One live relation of a type between an account and a station.
    const key = `${tenant} ${station.resourceId} ${accountId} ${relationType}`;
    if (live.has(key)) continue;
    live.add(key);
    const source = weighted(random, SOURCES[relationType]);
    const bindTime = now.getTime() - Math.floor(random() * 730 * DAY);
    const unbound = random() < UNBOUND_SHARE;
    rows.push({
      tenant,
      resourceId: station.resourceId,
      resourceType: station.resourceType,
      resourceOriginId: null,
      accountId,
      relationType,
      bindReason: pick(random, BIND_REASONS[relationType]),
      state: unbound ? 'unbind' : 'bind',
      bindTime: new Date(bindTime),
      source,
      boundBy: actorOf(tenant, source),
      ...(unbound && {
        unbindReason: pick(random, UNBIND_REASONS),
        unbindTime: new Date(bindTime + Math.floor(random() * (now.getTime() - bindTime))),
        unboundBy: actorOf(tenant, source),
      }),
    });
  }
  // Bind times are drawn at random; relation ids follow them, as they would have.
  rows.sort((a, b) => (a.bindTime as Date).getTime() - (b.bindTime as Date).getTime());
  await insertJsonRows(tx, relations, rows);
  await recordHistory(context);
}

/**
 * The binds and unbinds in the stations' histories, as the relations service writes them, oldest first:
 * staff under their own user, the app back end and the report flow as the system.
 */
async function recordHistory({ tx }: DemoContext): Promise<void> {
  const who = sql`jsonb_build_object('accountId', r.account_id, 'accountName', coalesce(a.nick_name, a.name),
    'relationType', r.relation_type)`;
  await tx.execute(sql`
    insert into audit_records
      (occurred_at, tenant, actor_user_id, actor_user_name, actor_type, entity_type, entity_id, action,
       before, after, result, ext_data)
    select e.at, r.tenant, s.id, e.actor, case when s.id is null then 'system' else 'staff' end,
      ${STATION_ENTITY}, r.resource_id, e.action, e.before, e.after, 'success',
      jsonb_build_object('relation_id', r.relation_id)
    from relations r
    left join accounts a on a.tenant = r.tenant and a.account_id = r.account_id
    cross join lateral (
      select r.bind_time as at, r.bound_by as actor, ${RELATION_BIND_ACTION} as action, null::jsonb as before,
        jsonb_build_object('relationId', r.relation_id, 'accountId', r.account_id,
          'accountName', coalesce(a.nick_name, a.name), 'relationType', r.relation_type,
          'bindReason', r.bind_reason, 'relationSource', r.source) as after
      union all
      select r.unbind_time, r.unbound_by, ${RELATION_UNBIND_ACTION},
        ${who} || jsonb_build_object('relationState', 'bind'),
        ${who} || jsonb_build_object('relationState', 'unbind', 'unbindReason', r.unbind_reason)
      where r.state = 'unbind'
    ) e
    left join staff_users s on s.user_name = e.actor
    order by e.at, r.relation_id`);
}
