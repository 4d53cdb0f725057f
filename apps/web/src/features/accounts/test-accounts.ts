import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import type { PersonalCar, PersonalCarItem } from '@cmp/domain/accounts/car-contracts';

/** An account as the server answers it to an operator. */
export const account = (accountId: string, overrides: Partial<PlatformAccount> = {}): PlatformAccount => ({
  accountId,
  channelCode: 'wechat',
  channelUserId: 'wechat_1a2b',
  countryCode: '86',
  mobile: '13812345678',
  avatar: null,
  name: '张伟',
  nickName: '换电达人',
  isDefaultNickname: false,
  gender: 'male',
  birthday: '1990-05-04',
  usualCityCode: '310100',
  usualCity: '上海市',
  email: 'zw@example.com',
  appId: 'nio_app',
  sourceCode: 'app_register',
  udsUserId: 'UDS60000001',
  medalImage: null,
  intro: '周末自驾爱好者',
  isDelete: false,
  createTime: Date.parse('2024-03-01T10:00:00+08:00'),
  updateTime: Date.parse('2026-01-02T10:00:00+08:00'),
  ...overrides,
});

export const car = (vehicleId: string, overrides: Partial<PersonalCar> = {}): PersonalCar => ({
  userId: 'ACC100001',
  vehicleId,
  plateNumber: '沪AD12345',
  color: '云白',
  modelId: 'ES6-2023',
  brand: 'NIO',
  model: 'ES6',
  modelSeries: 'NT2',
  ratedCapacityInAh: 280,
  ratedCapacityInKwh: 100,
  ratedRange: 625,
  bindingStatus: 'bound',
  isPmSupported: false,
  isPsSupported: true,
  createTime: Date.parse('2025-06-01T10:00:00+08:00'),
  updateTime: Date.parse('2025-06-01T10:00:00+08:00'),
  ...overrides,
});

export const carItem = (vehicleId: string, overrides: Partial<PersonalCarItem> = {}): PersonalCarItem => ({
  ...car(vehicleId),
  ownerName: '张伟',
  ownerNickName: '换电达人',
  ...overrides,
});
