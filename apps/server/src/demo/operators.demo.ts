import type { DbOrTx } from '../platform/db/database.js';
import { equipmentOwners, operators, subOperators } from '../modules/operators/operators.tables.js';
import { creditCodeFor, organizationCodeCheck } from '@cmp/domain/stations/organization-codes';

/**
 * The operators and equipment owners of the demo network: the brands one meets on Chinese charging maps.
 * Their codes are generated (valid check digits, not the companies' registered codes). As in the charging
 * interconnection standard (T/CEC 102), an operator's id is its 9-character organization code and the
 * 18-character unified social credit code embeds it.
 */

/** Where a station's power grid company may operate: China Southern Grid serves five southern provinces. */
export const SOUTHERN_GRID_PROVINCES = ['44', '45', '46', '52', '53'] as const;

export interface DemoOperator {
  operatorId: string;
  operatorName: string;
  /** What its station names start with and end with. */
  brand: string;
  stationSuffix: string;
  operatorOrganizationCode: string;
  equipmentOwnerId: string;
  controlledByNio: boolean;
  isSharedPower: boolean;
  serviceTel: string;
  /** Relative share of the charge stations and of the swap stations it runs. */
  chargeWeight: number;
  swapWeight: number;
  /** Provinces (2-digit prefixes) it is limited to, or kept out of. */
  onlyProvinces?: readonly string[];
  exceptProvinces?: readonly string[];
}

export interface DemoEquipmentOwner {
  equipmentOwnerId: string;
  equipmentOwnerName: string;
  organizationCode: string;
}

/** An owner that runs no stations itself: its chargers are run by an operator (a bus depot, a mall). */
export interface DemoPropertyOwner extends DemoEquipmentOwner {
  kind: 'bus' | 'logistics' | 'mall' | 'residential' | 'office';
}

interface OperatorSpec {
  operatorName: string;
  brand: string;
  stationSuffix?: string;
  ownerName: string;
  hq: string;
  controlledByNio?: boolean;
  isSharedPower?: boolean;
  chargeWeight: number;
  swapWeight?: number;
  onlyProvinces?: readonly string[];
  exceptProvinces?: readonly string[];
}

const OPERATOR_SPECS: readonly OperatorSpec[] = [
  {
    operatorName: '特来电',
    brand: '特来电',
    ownerName: '特来电新能源股份有限公司',
    hq: '370200',
    isSharedPower: true,
    chargeWeight: 20,
  },
  {
    operatorName: '星星充电',
    brand: '星星充电',
    ownerName: '万帮数字能源股份有限公司',
    hq: '320400',
    isSharedPower: true,
    chargeWeight: 17,
  },
  {
    operatorName: '国家电网',
    brand: '国家电网',
    ownerName: '国网电动汽车服务有限公司',
    hq: '110100',
    isSharedPower: true,
    chargeWeight: 10,
    exceptProvinces: SOUTHERN_GRID_PROVINCES,
  },
  {
    operatorName: '南方电网',
    brand: '南方电网',
    ownerName: '南方电网电动汽车服务有限公司',
    hq: '440100',
    isSharedPower: true,
    chargeWeight: 25,
    onlyProvinces: SOUTHERN_GRID_PROVINCES,
  },
  {
    operatorName: '云快充',
    brand: '云快充',
    ownerName: '云快充新能源科技有限公司',
    hq: '310100',
    isSharedPower: true,
    chargeWeight: 12,
  },
  {
    operatorName: '小桔充电',
    brand: '小桔充电',
    ownerName: '小桔新能源科技有限公司',
    hq: '110100',
    chargeWeight: 8,
  },
  {
    operatorName: '蔚来能源',
    brand: '蔚来',
    stationSuffix: '超充站',
    ownerName: '蔚来能源科技有限公司',
    hq: '310100',
    controlledByNio: true,
    chargeWeight: 6,
    swapWeight: 70,
  },
  {
    operatorName: '乐电天下',
    brand: '乐电天下',
    ownerName: '乐电天下新能源科技有限公司',
    hq: '440300',
    chargeWeight: 3,
  },
  {
    operatorName: '依威能源',
    brand: '依威能源',
    ownerName: '依威能源科技有限公司',
    hq: '110100',
    chargeWeight: 2,
  },
  { operatorName: '汇充电', brand: '汇充电', ownerName: '汇充电科技有限公司', hq: '330100', chargeWeight: 2 },
  {
    operatorName: '中国石化',
    brand: '中国石化',
    ownerName: '中国石化销售股份有限公司',
    hq: '110100',
    chargeWeight: 3,
  },
  {
    operatorName: '昆仑网电',
    brand: '昆仑网电',
    ownerName: '中石油昆仑网电能源有限公司',
    hq: '110100',
    chargeWeight: 2,
  },
  {
    operatorName: '壳牌能源',
    brand: '壳牌',
    ownerName: '壳牌能源（中国）有限公司',
    hq: '310100',
    chargeWeight: 1.5,
  },
  {
    operatorName: '特斯拉',
    brand: '特斯拉',
    stationSuffix: '超级充电站',
    ownerName: '特斯拉（上海）有限公司',
    hq: '310100',
    chargeWeight: 2.5,
  },
  {
    operatorName: '理想汽车',
    brand: '理想',
    stationSuffix: '超充站',
    ownerName: '理想汽车科技有限公司',
    hq: '110100',
    chargeWeight: 1.5,
  },
  {
    operatorName: '小鹏汽车',
    brand: '小鹏',
    stationSuffix: '超充站',
    ownerName: '小鹏汽车科技有限公司',
    hq: '440100',
    chargeWeight: 1.5,
  },
  {
    operatorName: '中国铁塔',
    brand: '铁塔能源',
    ownerName: '中国铁塔股份有限公司',
    hq: '110100',
    chargeWeight: 1,
  },
  {
    operatorName: '万城万充',
    brand: '万城万充',
    ownerName: '万城万充新能源科技有限公司',
    hq: '110100',
    chargeWeight: 1,
  },
  {
    operatorName: '蔚景云',
    brand: '蔚景云',
    ownerName: '蔚景云新能源科技有限公司',
    hq: '510100',
    chargeWeight: 1,
  },
  {
    operatorName: '驿普乐氏',
    brand: '驿普乐氏',
    ownerName: '驿普乐氏新能源科技有限公司',
    hq: '110100',
    chargeWeight: 0.8,
  },
  {
    operatorName: '安悦充电',
    brand: '安悦',
    ownerName: '上汽安悦充电科技有限公司',
    hq: '310100',
    chargeWeight: 1,
    swapWeight: 3,
  },
  {
    operatorName: '奥动新能源',
    brand: '奥动',
    ownerName: '奥动新能源汽车科技有限公司',
    hq: '310100',
    chargeWeight: 0.5,
    swapWeight: 12,
  },
  {
    operatorName: '时代电服',
    brand: '时代电服',
    ownerName: '时代电服科技有限公司',
    hq: '350900',
    chargeWeight: 0,
    swapWeight: 6,
  },
  {
    operatorName: '易易换电',
    brand: '易易',
    ownerName: '易易互联科技有限公司',
    hq: '330100',
    chargeWeight: 0,
    swapWeight: 5,
  },
  {
    operatorName: '协鑫能科',
    brand: '协鑫',
    ownerName: '协鑫能源科技股份有限公司',
    hq: '320500',
    chargeWeight: 0.5,
    swapWeight: 4,
  },
];

const PROPERTY_OWNER_SPECS: readonly { name: string; hq: string; kind: DemoPropertyOwner['kind'] }[] = [
  { name: '北京公共交通控股（集团）有限公司', hq: '110100', kind: 'bus' },
  { name: '深圳巴士集团股份有限公司', hq: '440300', kind: 'bus' },
  { name: '顺丰速运有限公司', hq: '440300', kind: 'logistics' },
  { name: '万达商业管理集团有限公司', hq: '110100', kind: 'mall' },
  { name: '万科物业发展股份有限公司', hq: '440300', kind: 'residential' },
  { name: '华润置地有限公司', hq: '440300', kind: 'office' },
];

/** Local operators reselling through the interconnection platforms (the CEC sub-operator feed). */
const SUB_OPERATOR_SPECS: readonly { name: string; hq: string; areaCode: string }[] = [
  { name: '苏州绿能充电科技有限公司', hq: '320500', areaCode: '0512' },
  { name: '杭州快电新能源科技有限公司', hq: '330100', areaCode: '0571' },
  { name: '深圳车电网科技有限公司', hq: '440300', areaCode: '0755' },
  { name: '成都蓉城充电服务有限公司', hq: '510100', areaCode: '028' },
  { name: '武汉光谷充电运营有限公司', hq: '420100', areaCode: '027' },
  { name: '西安秦能充电科技有限公司', hq: '610100', areaCode: '029' },
  { name: '重庆山城新能源有限公司', hq: '500100', areaCode: '023' },
  { name: '南京金陵充电服务有限公司', hq: '320100', areaCode: '025' },
  { name: '青岛海湾充电科技有限公司', hq: '370200', areaCode: '0532' },
  { name: '广州羊城快充科技有限公司', hq: '440100', areaCode: '020' },
  { name: '合肥庐州充电有限公司', hq: '340100', areaCode: '0551' },
  { name: '郑州中原快充科技有限公司', hq: '410100', areaCode: '0371' },
  { name: '长沙星城充电科技有限公司', hq: '430100', areaCode: '0731' },
  { name: '福州榕城充电有限公司', hq: '350100', areaCode: '0591' },
  { name: '天津津门充电服务有限公司', hq: '120100', areaCode: '022' },
];

/** A 9-character organization code (GB 11714) with its check character; the body is 8 digits. */
function organizationCode(serial: number): string {
  // A multiplicative step spreads consecutive serials over the code space, as real codes look random.
  const body = String(10_000_000 + ((serial * 48_271 + 7_919) % 89_999_999));
  return body + organizationCodeCheck(body);
}

const serviceTel = (serial: number): string =>
  `400-${String(100 + ((serial * 379) % 900))}-${String(1000 + ((serial * 7_717) % 9000))}`;

const OWNER_SERIAL_BASE = 1_000;
const OPERATOR_SERIAL_BASE = 2_000;
const SUB_OPERATOR_SERIAL_BASE = 3_000;

const ownerOf = (name: string, hq: string, serial: number): DemoEquipmentOwner => {
  const code = organizationCode(OWNER_SERIAL_BASE + serial);
  return { equipmentOwnerId: code, equipmentOwnerName: name, organizationCode: creditCodeFor(code, hq) };
};

export const DEMO_OPERATOR_OWNERS: readonly DemoEquipmentOwner[] = OPERATOR_SPECS.map((spec, i) =>
  ownerOf(spec.ownerName, spec.hq, i),
);

export const DEMO_PROPERTY_OWNERS: readonly DemoPropertyOwner[] = PROPERTY_OWNER_SPECS.map((spec, i) => ({
  ...ownerOf(spec.name, spec.hq, OPERATOR_SPECS.length + i),
  kind: spec.kind,
}));

export const DEMO_OPERATORS: readonly DemoOperator[] = OPERATOR_SPECS.map((spec, i) => {
  const code = organizationCode(OPERATOR_SERIAL_BASE + i);
  return {
    operatorId: code,
    operatorName: spec.operatorName,
    brand: spec.brand,
    stationSuffix: spec.stationSuffix ?? '充电站',
    operatorOrganizationCode: creditCodeFor(code, spec.hq),
    equipmentOwnerId: DEMO_OPERATOR_OWNERS[i]!.equipmentOwnerId,
    controlledByNio: spec.controlledByNio ?? false,
    isSharedPower: spec.isSharedPower ?? false,
    serviceTel: serviceTel(i + 1),
    chargeWeight: spec.chargeWeight,
    swapWeight: spec.swapWeight ?? 0,
    ...(spec.onlyProvinces ? { onlyProvinces: spec.onlyProvinces } : {}),
    ...(spec.exceptProvinces ? { exceptProvinces: spec.exceptProvinces } : {}),
  };
});

export const DEMO_SUB_OPERATORS = SUB_OPERATOR_SPECS.map((spec, i) => {
  const code = organizationCode(SUB_OPERATOR_SERIAL_BASE + i);
  return {
    subOperatorId: code,
    subOperatorName: spec.name,
    organizationCode: creditCodeFor(code, spec.hq),
    serviceTel: `${spec.areaCode}-${String(60_000_000 + ((i * 1_234_567) % 39_999_999))}`,
  };
});

/**
 * Inserts the owners, operators and sub-operators; every operator owns its own equipment by default.
 * They joined the network two years before `now` and the sub-operators were last synced a day before it.
 */
export async function seedOperators(tx: DbOrTx, now: Date): Promise<void> {
  const joined = new Date(now.getTime() - 2 * 365 * 86_400_000);
  const synced = new Date(now.getTime() - 86_400_000);
  await tx.insert(equipmentOwners).values(
    [...DEMO_OPERATOR_OWNERS, ...DEMO_PROPERTY_OWNERS].map((owner) => ({
      equipmentOwnerId: owner.equipmentOwnerId,
      equipmentOwnerName: owner.equipmentOwnerName,
      organizationCode: owner.organizationCode,
      createdAt: joined,
      updatedAt: joined,
    })),
  );
  await tx.insert(operators).values(
    DEMO_OPERATORS.map((operator) => ({
      operatorId: operator.operatorId,
      operatorName: operator.operatorName,
      operatorOrganizationCode: operator.operatorOrganizationCode,
      equipmentOwnerId: operator.equipmentOwnerId,
      controlledByNio: operator.controlledByNio,
      isSharedPower: operator.isSharedPower,
      createdAt: joined,
      updatedAt: joined,
    })),
  );
  await tx
    .insert(subOperators)
    .values(DEMO_SUB_OPERATORS.map((sub) => ({ ...sub, createdAt: joined, syncedAt: synced })));
}
