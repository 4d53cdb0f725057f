import { sql, type SQL } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import { accounts, personalCars } from '../modules/accounts/accounts.tables.js';
import type { Tx } from '../platform/db/database.js';
import { CITY_ANCHORS } from './city-anchors.js';
import type { DemoContext, DemoSize } from './demo-context.js';

/** App users across the three tenants. */
export const DEMO_ACCOUNT_TOTALS: Record<DemoSize, number> = { small: 300_000, large: 1_000_000 };
const TENANT_SHARE: Record<Tenant, number> = { nio: 0.65, pe: 0.25, rsc: 0.1 };

/** The i-th account of a tenant: ids start at ACC100000 in every tenant (the comments demo names them). */
export const demoAccountId = (i: number): string => `ACC${100000 + i}`;

export function demoAccountCounts(size: DemoSize): Record<Tenant, number> {
  const total = DEMO_ACCOUNT_TOTALS[size];
  return Object.fromEntries(TENANTS.map((t) => [t, Math.round(total * TENANT_SHARE[t])])) as Record<
    Tenant,
    number
  >;
}

// The most common surnames, the first ones twice as likely.
const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周'.repeat(2),
  ...'徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔汤',
];
const MALE_GIVEN = [...'伟强磊军洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆旭宁龙林阳建国峰晨博文志海'];
const FEMALE_GIVEN = [...'芳娜敏静丽艳娟霞燕玲婷雪慧颖琳倩洁佳欣怡梦晶璐悦雯莉萍琴蕾楠月菲瑶妍蓉薇露馨媛'];
const NICK_HEADS = [
  ...['快乐的', '安静的', '奔跑的', '追风', '夜行', '晨光', '蔚蓝', '星河', '极光', '电动'],
  ...['通勤', '周末', '自驾', '城市', '山野', '海边', '慢行', '午后', '远方', '小'],
];
const NICK_TAILS = [
  ...['车主', '骑士', '旅人', '达人', '少年', '大叔', '小王', '阿杰', '猫', '鲸鱼'],
  ...['橙子', '飞鱼', '麦田', '充电侠', '换电侠', '司机', '老张', '码农', '摄影师', '跑者'],
];
/** Mobile prefixes after the leading 1, in order. */
const MOBILE_PREFIXES = [
  '35',
  '36',
  '37',
  '38',
  '39',
  '50',
  '51',
  '58',
  '59',
  '77',
  '80',
  '86',
  '87',
  '88',
  '89',
];
const CHANNELS = ['app', 'app', 'app', 'app', 'wechat', 'wechat', 'wechat', 'apple', 'alipay'];
const EMAIL_DOMAINS = ['qq.com', '163.com', '126.com', 'gmail.com', 'outlook.com', 'foxmail.com'];
const INTROS = ['周末自驾爱好者', '换电站常客', '新能源车主三年', '喜欢摄影和旅行', '通勤族，每天六十公里'];
const APPS: Record<Tenant, readonly string[]> = {
  nio: ['nio_app', 'nio_app', 'nio_app', 'titan_app'],
  pe: ['pe_app', 'pe_app', 'pe_wx_mini', 'pe_alipay_mini'],
  rsc: ['rsc_feishu_mini'],
};
const SOURCES = ['app_register', 'app_register', 'mini_program', 'store', 'referral'];

/** The licence plate's first characters in each demo city (a new-energy plate adds D or F and five digits). */
const PLATE_PREFIXES: Record<string, string> = {
  '110100': '京A',
  '120100': '津A',
  '310100': '沪A',
  '500100': '渝A',
  '130100': '冀A',
  '140100': '晋A',
  '150100': '蒙A',
  '210100': '辽A',
  '210200': '辽B',
  '220100': '吉A',
  '230100': '黑A',
  '320100': '苏A',
  '320200': '苏B',
  '320500': '苏E',
  '330100': '浙A',
  '330200': '浙B',
  '330300': '浙C',
  '340100': '皖A',
  '350100': '闽A',
  '350200': '闽D',
  '360100': '赣A',
  '370100': '鲁A',
  '370200': '鲁B',
  '410100': '豫A',
  '420100': '鄂A',
  '430100': '湘A',
  '440100': '粤A',
  '440300': '粤B',
  '440600': '粤E',
  '441900': '粤S',
  '450100': '桂A',
  '460100': '琼A',
  '510100': '川A',
  '520100': '贵A',
  '530100': '云A',
  '540100': '藏A',
  '610100': '陕A',
  '620100': '甘A',
  '630100': '青A',
  '640100': '宁A',
  '650100': '新A',
};
// Cities as often as their weight says (the station network's weights: big cities first).
const CITIES = CITY_ANCHORS.flatMap((city) =>
  Array<string>(Math.max(1, Math.round(city.weight * 2))).fill(city.cityId),
);
const PLATES = CITIES.map((cityId) => PLATE_PREFIXES[cityId]!);

/** Models the demo's users drive: id, brand, model, series, pack kWh and Ah, rated range km. */
const MODELS: readonly (readonly [string, string, string, string, number, number, number])[] = [
  ['ES6-2023', 'NIO', 'ES6', 'NT2', 100, 280, 625],
  ['ES6-2023-75', 'NIO', 'ES6', 'NT2', 75, 210, 490],
  ['ES8-2024', 'NIO', 'ES8', 'NT2', 100, 280, 605],
  ['ET5-2024', 'NIO', 'ET5', 'NT2', 75, 210, 560],
  ['ET5T-2024', 'NIO', 'ET5T', 'NT2', 100, 280, 700],
  ['ET7-2024', 'NIO', 'ET7', 'NT2', 150, 420, 1000],
  ['EC6-2023', 'NIO', 'EC6', 'NT2', 100, 280, 635],
  ['L60-2024', '乐道', 'L60', 'NT3', 85, 240, 730],
  ['FIREFLY-2025', '萤火虫', '萤火虫', 'NT3', 42, 120, 420],
];
const COLORS = ['云白', '星辰灰', '深空黑', '极光蓝', '天际蓝', '冰川绿', '赤焰红', '暮光紫'];

const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;
const pick = (values: readonly string[], hash: SQL) =>
  sql`(${textArray(values)})[1 + (${hash}) % ${values.length}]`;

/**
 * The hashes every column of the i-th account is drawn from (deterministic: the same i gives the same
 * person), and the person's city index, which the cars statement needs again for the plate.
 */
const hashes = (count: number) => sql`select i,
    hashint4(i) & 2147483647 as h1,
    hashint4(i # 1431655765) & 2147483647 as h2,
    hashint4(i # 858993459) & 2147483647 as h3,
    1 + (hashint4(i # 252645135) & 2147483647) % ${CITIES.length} as city
  from generate_series(0, ${count - 1}::int) as i`;

function accountRows(tenant: Tenant, count: number, now: Date): SQL {
  // Mobiles rise with i: one prefix for each fifteenth of the accounts, then eight digits spaced evenly with
  // a random step between, so every account of a tenant has its own, and the mobile index is built from
  // rows already in its order (a third of its cost).
  const block = Math.ceil(count / MOBILE_PREFIXES.length);
  const stride = Math.floor(100_000_000 / block);
  const mobile = sql`'1' || (${textArray(MOBILE_PREFIXES)})[1 + i / ${block}] || lpad(((i % ${block}) * ${stride} + h2 % ${stride})::text, 8, '0')`;
  const female = sql`(h1 % 100 < 45)`;
  const given = (hash: SQL) =>
    sql`case when ${female} then ${pick(FEMALE_GIVEN, hash)} else ${pick(MALE_GIVEN, hash)} end`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const created = sql`${nowAt} - make_interval(days => 30 + h3 % 1500, secs => h1 % 86400)`;
  return sql`
    select ${tenant}, 'ACC' || (100000 + i), channel, case when channel <> 'app' then channel || '_' || to_hex(h2) end,
      '86', m, ${pick(SURNAMES, sql`h2 / 7`)} || ${given(sql`h2 / 131`)} || case when h3 % 3 < 2 then ${given(sql`h3 / 17`)} else '' end,
      case when h1 % 10 < 3 then '用户' || right(m, 4)
           else ${pick(NICK_HEADS, sql`h3 / 11`)} || ${pick(NICK_TAILS, sql`h1 / 13`)} || case when h2 % 3 = 0 then (h1 % 1000)::text else '' end end,
      h1 % 10 < 3,
      case when ${female} then 'female' when h1 % 100 < 97 then 'male' else 'unknown' end,
      case when h2 % 10 < 8 then date '1965-01-01' + (h3 % 14600) end,
      (${textArray(CITIES)})[city],
      case when h3 % 100 < 15 then 'acc' || (100000 + i) || '@' || ${pick(EMAIL_DOMAINS, sql`h1 / 7`)} end,
      ${pick(APPS[tenant], sql`h3 / 5`)}, ${pick(SOURCES, sql`h2 / 5`)}, 'UDS' || (60000000 + i),
      case when h1 % 100 < 5 then ${pick(INTROS, sql`h2 / 3`)} end,
      h3 % 100 = 99,
      ${created}, least(${nowAt}, ${created} + make_interval(days => h2 % 400))
    from (select *, ${pick(CHANNELS, sql`h3 / 3`)} as channel, ${mobile} as m from (${hashes(count)}) as hashed) as s`;
}

/**
 * Cars of about half of the accounts, and an earlier, unbound one of about one in twelve: plates of the
 * owner's city, models the network's swap stations serve.
 */
function carRows(tenant: Tenant, count: number, now: Date, second: boolean): SQL {
  const model = (at: number) =>
    sql`(${sql.raw(`array[${MODELS.map((m) => (typeof m[at] === 'number' ? m[at] : `'${m[at]}'`)).join(',')}]`)})[1 + (h2 / ${second ? 5 : 3}) % ${MODELS.length}]`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const bound = sql`${nowAt} - make_interval(days => h1 % 700)`;
  return sql`
    select ${tenant}, ${second ? 'LJ1EEAUU' : 'LJ1EFAUU'} || lpad(i::text, 9, '0'), 'ACC' || (100000 + i),
      (${textArray(PLATES)})[city] || case when h1 % 4 = 0 then 'F' else 'D' end || lpad((${second ? sql`h2` : sql`h3`} % 100000)::text, 5, '0'),
      ${pick(COLORS, sql`h3 / 7`)}, ${model(0)}, ${model(1)}, ${model(2)}, ${model(3)}, ${model(5)}, ${model(4)}, ${model(6)},
      ${second ? sql`'unbound'` : sql`'bound'`}, h3 % 10 < 3, true,
      ${second ? sql`${bound} - interval '900 days'` : bound}, ${second ? sql`${bound} - interval '1 day'` : bound}
    from (${hashes(count)}) as hashed
    where ${second ? sql`h2 % 12 = 0 and h1 % 2 = 0` : sql`h1 % 2 = 0`}`;
}

const ACCOUNT_COLUMNS = sql.raw(
  'tenant, account_id, channel_code, channel_user_id, country_code, mobile, name, nick_name, is_default_nickname, ' +
    'gender, birthday, usual_city_code, email, app_id, source_code, uds_user_id, intro, is_delete, create_time, update_time',
);
const CAR_COLUMNS = sql.raw(
  'tenant, vehicle_id, user_id, plate_number, color, model_id, brand, model, model_series, rated_capacity_in_ah, ' +
    'rated_capacity_in_kwh, rated_range, binding_status, is_pm_supported, is_ps_supported, create_time, update_time',
);

/** `count` demo accounts of `tenant` (ACC100000 on) and their cars, generated by the database itself. */
export async function insertDemoAccounts(tx: Tx, tenant: Tenant, count: number, now: Date): Promise<void> {
  if (count <= 0) return;
  await tx.execute(sql`insert into ${accounts} (${ACCOUNT_COLUMNS}) ${accountRows(tenant, count, now)}`);
  for (const second of [false, true]) {
    await tx.execute(
      sql`insert into ${personalCars} (${CAR_COLUMNS}) ${carRows(tenant, count, now, second)}`,
    );
  }
}

/**
 * Runs `load` with the tables' secondary indexes dropped, then builds them again from their own
 * definitions: building an index once is about half the cost of keeping it up to date row by row, which is
 * most of the load's time on PGlite. The primary keys stay, filled in key order.
 */
async function withoutSecondaryIndexes(tx: Tx, tables: string[], load: () => Promise<void>): Promise<void> {
  const { rows } = (await tx.execute(sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = any(${sql.param(tables)}::text[])
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows: { name: string; definition: string }[];
  };
  for (const index of rows) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  await load();
  for (const index of rows) await tx.execute(sql.raw(index.definition));
}

/**
 * The tenants' app users: Chinese names and nicknames, mobiles, usual cities where the demo network stands,
 * genders and birthdays, and the cars of about half of them.
 */
export async function seedAccounts({ tx, size, now }: DemoContext): Promise<void> {
  const counts = demoAccountCounts(size);
  await withoutSecondaryIndexes(tx, ['accounts', 'personal_cars'], async () => {
    for (const tenant of TENANTS) await insertDemoAccounts(tx, tenant, counts[tenant], now);
  });
}
