import { and, asc, eq } from 'drizzle-orm';
import { TENANTS, type Tenant } from '@cmp/domain';
import type { UserChargerBindType } from '@cmp/domain/accounts/user-chargers';
import { accounts } from '../modules/accounts/accounts.tables.js';
import { userChargers } from '../modules/user-chargers/user-chargers.tables.js';
import { insertJsonRows } from './bulk-insert.js';
import type { DemoContext, DemoSize } from './demo-context.js';
import { DEMO_OPERATORS } from './operators.demo.js';
import { pick } from './random.js';
import {
  chance,
  CITIES,
  cityById,
  int,
  placeInCity,
  placeWords,
  streetAddress,
  weighted,
} from './reported-places.js';
import { fill } from './stations.demo.js';

export const DEMO_USER_CHARGER_COUNTS: Record<DemoSize, number> = { small: 3_000, large: 10_000 };
/** The tenant's first accounts (by id) that own chargers are drawn from. */
const OWNER_POOL: Record<DemoSize, number> = { small: 8_000, large: 30_000 };
const DAY = 86_400_000;

const TENANT_SHARE: readonly (readonly [Tenant, number])[] = [
  ['nio', 0.7],
  ['pe', 0.25],
  ['rsc', 0.05],
];
const BIND_TYPES: readonly (readonly [UserChargerBindType, number])[] = [
  ['owner', 0.85],
  ['shared', 0.15],
];
/** Home chargers: a model name, its current, power and the hardware and software they ship with. */
const MODELS = [
  { name: '7kW家充桩', serviceType: 'AC', hardware: ['HW-2.0', 'HW-2.1'], software: ['V3.2.1', 'V3.4.0'] },
  { name: '11kW家充桩', serviceType: 'AC', hardware: ['HW-3.0'], software: ['V4.0.2', 'V4.1.0'] },
  { name: '20kW家用直流桩', serviceType: 'DC', hardware: ['HW-DC-1.2'], software: ['V2.3.5'] },
] as const;
const ESTATES = ['{w}花园', '{w}家园', '{w}华庭', '{w}雅苑', '{w}公馆', '{w}小区'];
const SPOTS = ['地下车库B1-{n}号车位', '地下车库B2-{n}号车位', '地面{n}号车位', '{n}栋楼下车位'];
const AUTHENTICATION = ['plug_and_charge', 'app', 'app', 'card'];
const DESCRIPTIONS = ['购车赠送，官方安装', '自购安装', '物业统一报装', '与家人共用'];

/** The network's own operator installs and runs its users' home chargers. */
const HOME_OPERATOR = DEMO_OPERATORS.find((operator) => operator.controlledByNio)!;

/**
 * Home chargers of a few thousand of the tenants' app users: most owned, some shared with them, at an
 * estate in the user's usual city, with the charger's model, versions and serial number.
 */
export async function seedUserChargers({ tx, random, size, now }: DemoContext): Promise<void> {
  const owners = new Map<Tenant, { accountId: string; cityId: string | null }[]>();
  for (const tenant of TENANTS) {
    const rows = await tx
      .select({ accountId: accounts.accountId, cityId: accounts.usualCityCode })
      .from(accounts)
      .where(and(eq(accounts.tenant, tenant), eq(accounts.isDelete, false)))
      .orderBy(asc(accounts.accountId))
      .limit(OWNER_POOL[size]);
    if (rows.length > 0) owners.set(tenant, rows);
  }
  const shares = TENANT_SHARE.filter(([tenant]) => owners.has(tenant));
  if (shares.length === 0) return;

  const rows: (typeof userChargers.$inferInsert)[] = [];
  for (let i = 0; i < DEMO_USER_CHARGER_COUNTS[size]; i++) {
    const tenant = weighted(random, shares);
    const owner = pick(random, owners.get(tenant)!);
    const place = placeInCity(random, cityById(owner.cityId) ?? weighted(random, CITIES));
    const words = placeWords(random, place);
    const model = pick(random, MODELS);
    const resourceId = `HC${tenant.toUpperCase()}${String(i + 1).padStart(8, '0')}`;
    const spot = fill(pick(random, SPOTS), { n: String(int(random, 1, 480)) });
    rows.push({
      tenant,
      resourceId,
      resourceName: model.name,
      resourceType: 'HomeCharger',
      ownerId: owner.accountId,
      bindType: weighted(random, BIND_TYPES),
      address: `${streetAddress(random, place, words.r)}${fill(pick(random, ESTATES), words)}${spot}`,
      authenticationType: pick(random, AUTHENTICATION),
      connectorId: `${resourceId}01`,
      description: chance(random, 0.5) ? pick(random, DESCRIPTIONS) : null,
      hardwareVersion: pick(random, model.hardware),
      softwareVersion: pick(random, model.software),
      serialNumber: `SN${String(int(random, 0, 999_999_999)).padStart(9, '0')}${String(i).padStart(5, '0')}`,
      serviceType: model.serviceType,
      operatorId: HOME_OPERATOR.operatorId,
      regionId: place.regionId,
      longitude: place.longitude,
      latitude: place.latitude,
      updateTime: new Date(now.getTime() - int(random, 0, 700) * DAY - int(random, 0, DAY - 1)),
    });
  }
  await insertJsonRows(tx, userChargers, rows);
}
