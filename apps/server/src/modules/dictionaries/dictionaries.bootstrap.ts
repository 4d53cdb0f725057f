import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import {
  MATCH_CAR_DICT_TYPE,
  PARK_FEE_TAG_DICT_TYPE,
  PAYMENT_METHOD_DICT_TYPE,
} from '@cmp/domain/stations/dictionaries';
import type { Db } from '../../platform/db/database.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit/audit.js';
import * as repo from './dictionaries.repo.js';

interface ReferenceDictionary {
  code: string;
  name: string;
  description: string;
  entries: { code: string; name: string; nameEn?: string; description: string }[];
}

/**
 * Dictionaries the stations area reads, present on every start whether or not demo data is loaded.
 * Names are what the screens show (Chinese, as the operations staff use them); descriptions explain
 * the entry for readers of the API. Sort follows the order here.
 */
export const REFERENCE_DICTIONARIES: readonly ReferenceDictionary[] = [
  {
    code: BIZ_SCENE_DICT_TYPE,
    name: '资源业务场景',
    description:
      'Business scenes a station serves, shown as bizScenes on the station and the operations list',
    entries: [
      { code: '1', name: '公交场站', description: 'Bus depot' },
      { code: '2', name: '物流', description: 'Logistics and delivery fleets' },
      { code: '3', name: '出租网约', description: 'Taxi and ride-hailing' },
      { code: '4', name: '私家车', description: 'Private cars' },
      { code: '5', name: '高速服务区', description: 'Highway service area' },
      { code: '6', name: '景区', description: 'Scenic area' },
      { code: '7', name: '商业综合体', description: 'Shopping centre or commercial complex' },
      { code: '8', name: '居民社区', description: 'Residential community' },
      { code: '9', name: '产业园区', description: 'Industrial or business park' },
      { code: '10', name: '交通枢纽', description: 'Transport hub: airport, railway station, port' },
    ],
  },
  {
    code: PARK_FEE_TAG_DICT_TYPE,
    name: '停车费标签',
    description: 'How parking is paid at a station, shown as parkFeeTag',
    entries: [
      { code: 'free', name: '免费停车', description: 'Parking is free' },
      {
        code: 'free_while_charging',
        name: '充电期间免费',
        description: 'Free while the car charges or swaps',
      },
      { code: 'limited_free', name: '限时免费', description: 'Free for a limited time, then charged' },
      { code: 'charging_discount', name: '充电减免', description: 'Charging earns a parking discount' },
      { code: 'paid', name: '收费停车', description: 'Parking is charged at the car park rate' },
    ],
  },
  {
    code: PAYMENT_METHOD_DICT_TYPE,
    name: '支付方式',
    description: "How drivers pay at a station, offered for the station's payment (a comma list of names)",
    entries: [
      { code: 'app', name: 'APP', nameEn: 'App', description: "The operator's app" },
      { code: 'wechat', name: '微信', nameEn: 'WeChat Pay', description: 'WeChat Pay' },
      { code: 'alipay', name: '支付宝', nameEn: 'Alipay', description: 'Alipay' },
      { code: 'unionpay', name: '银联闪付', nameEn: 'UnionPay QuickPass', description: 'UnionPay QuickPass' },
      { code: 'card', name: '刷卡', nameEn: 'Charging card', description: "The operator's charging card" },
    ],
  },
  {
    code: MATCH_CAR_DICT_TYPE,
    name: '适配车型',
    description: "Cars a station suits, offered for the station's matchCars (a comma list of names)",
    entries: [
      { code: 'all', name: '全车型', nameEn: 'All cars', description: 'Every car' },
      {
        code: 'gb_dc',
        name: '国标直流车型',
        nameEn: 'GB/T DC cars',
        description: 'Cars with a GB/T DC inlet',
      },
      { code: 'passenger', name: '乘用车', nameEn: 'Passenger cars', description: 'Passenger cars' },
      { code: 'small', name: '小型车', nameEn: 'Small cars', description: 'Small cars' },
      { code: 'taxi', name: '出租车', nameEn: 'Taxis', description: 'Taxis and ride-hailing cars' },
      { code: 'nio', name: '蔚来', nameEn: 'NIO', description: 'NIO cars' },
      { code: 'onvo', name: '乐道', nameEn: 'ONVO', description: 'ONVO cars' },
      { code: 'firefly', name: '萤火虫', nameEn: 'Firefly', description: 'Firefly cars' },
    ],
  },
];

/**
 * Adds the reference dictionaries and entries a database lacks; entries already there are left as they
 * are (their names may have been edited). Safe to run on every start and from several processes at once.
 */
export async function ensureDictionaries(db: Db): Promise<void> {
  for (const dictionary of REFERENCE_DICTIONARIES) {
    await db.transaction(async (tx) => {
      const dictTypeId = await repo.ensureDictType(tx, {
        code: dictionary.code,
        name: dictionary.name,
        description: dictionary.description,
      });
      const inserted = await repo.insertMissingEntries(
        tx,
        dictTypeId,
        dictionary.entries.map((entry, index) => ({ ...entry, sort: index + 1, status: 1 })),
      );
      if (inserted.length === 0) return;
      await writeAudit(tx, {
        actor: SYSTEM_ACTOR,
        entityType: 'dict_type',
        entityId: dictionary.code,
        action: 'DICT_ENTRIES_SEED',
        after: { codes: inserted },
      });
    });
  }
}
