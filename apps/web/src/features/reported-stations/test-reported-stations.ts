import type { CurrentUser } from '@cmp/domain';
import type { ReportedStation } from '@cmp/domain/stations/reported-stations';
import { ok, staffUser, type FakeHandler } from '../../test/fake-api';

export const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
export const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);

/** A reported station as the server answers it, with what a test names. */
export const reportedStation = (n: number, overrides: Partial<ReportedStation> = {}): ReportedStation => ({
  connectorId: `CN-${n}`,
  operatorId: 'OP1',
  operatorName: '星星充电',
  subOperatorId: null,
  subOperatorName: null,
  connectorType: null,
  equipmentOwnerId: 'OWN1',
  equipmentOwnerName: '星星设备',
  source: 'staff',
  stationName: `站点 ${n}`,
  stationId: null,
  countryCode: 'CN',
  areaCode: '310101',
  areaName: '上海市/黄浦区',
  address: `人民大道 ${n} 号`,
  serviceTel: null,
  stationType: null,
  stationStatus: 50,
  parkNums: null,
  longitude: 121.4737,
  latitude: 31.2304,
  siteGuide: null,
  construction: null,
  businessHours: null,
  electricityFee: null,
  serviceFee: null,
  parkFee: null,
  supportOrder: false,
  remark: null,
  dcPower: 0,
  dcCurrent: 0,
  dcEquipmentNumber: 2,
  acPower: 0,
  acCurrent: 0,
  acEquipmentNumber: 1,
  creator: 'nio-operator',
  createdAt: Date.parse('2026-03-02T09:30:00+08:00'),
  updater: null,
  updatedAt: Date.parse('2026-03-03T10:00:00+08:00'),
  reviewUser: null,
  reviewTime: null,
  rejectReason: null,
  pictures: [],
  equipments: [],
  electricitySel: '0',
  version: 1,
  ...overrides,
});

/** The signed-in user and the look-ups the screens ask for: operators, owners, sub-operators, regions. */
export const lookups = (user: CurrentUser): Record<string, FakeHandler> => ({
  'GET /api/auth/me': () => ok(user),
  'GET /api/nio/operators': () =>
    ok({
      items: [
        { operatorId: 'OP1', operatorName: '星星充电' },
        { operatorId: 'OP2', operatorName: '特来电' },
      ],
      total: 2,
    }),
  'GET /api/nio/equipment-owners': () =>
    ok({
      items: [
        { equipmentOwnerId: 'OWN1', equipmentOwner: '星星设备', equipmentOwnerName: '星星设备' },
        { equipmentOwnerId: 'OWN2', equipmentOwner: '特来电设备', equipmentOwnerName: '特来电设备' },
      ],
      total: 2,
    }),
  'GET /api/nio/sub-operators': () =>
    ok({
      items: [
        {
          subOperatorId: 'SUB1',
          subOperatorName: '城市合伙人',
          organizationCode: 'MA0000001',
          serviceTel: null,
          syncedAt: 0,
        },
      ],
      total: 1,
    }),
  'GET /api/nio/regions': () =>
    ok({
      items: [
        {
          regionId: '310000',
          name: '上海市',
          children: [
            { regionId: '310100', name: '市辖区', children: [{ regionId: '310101', name: '黄浦区' }] },
          ],
        },
      ],
    }),
});
