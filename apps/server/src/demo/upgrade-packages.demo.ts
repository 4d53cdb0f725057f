import { createHash } from 'node:crypto';
import { TENANTS } from '@cmp/domain';
import {
  UPGRADE_PACKAGE_STATUSES,
  type UpgradePackageAction,
  type UpgradePackageType,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { upgradePackages } from '../modules/upgrade-packages/upgrade-packages.tables.js';
import type { DemoContext } from './demo-context.js';

const DAY = 86_400_000;

interface DemoPackage {
  packageType: UpgradePackageType;
  version: string;
  releaseNote: string;
  action: UpgradePackageAction;
  status: (typeof UPGRADE_PACKAGE_STATUSES)[keyof typeof UPGRADE_PACKAGE_STATUSES];
  isPromotion: boolean;
  daysAgo: number;
}

/** Each tenant's firmware line: released, withdrawn and draft packages of both charger kinds. */
const PACKAGES: readonly DemoPackage[] = [
  {
    packageType: 'DCPowerCharger',
    version: '3.0.4',
    releaseNote: '修复枪线温度采样偶发跳变；已撤回：部分 120 kW 桩升级后重启循环',
    action: 'install_when_idle',
    status: UPGRADE_PACKAGE_STATUSES.withdrawn,
    isPromotion: false,
    daysAgo: 48,
  },
  {
    packageType: 'DCPowerCharger',
    version: '3.1.0',
    releaseNote: '提升功率分配策略；支持 OCPP 1.6 SignedFirmware 校验；优化离线缓存',
    action: 'install_when_idle',
    status: UPGRADE_PACKAGE_STATUSES.released,
    isPromotion: true,
    daysAgo: 21,
  },
  {
    packageType: 'DCPowerCharger',
    version: '3.2.0-rc1',
    releaseNote: '灰度验证版：液冷模块新告警码',
    action: 'install_when_idle',
    status: UPGRADE_PACKAGE_STATUSES.draft,
    isPromotion: false,
    daysAgo: 2,
  },
  {
    packageType: 'ACPowerCharger',
    version: '1.8.2',
    releaseNote: '修复预约充电时区换算错误',
    action: 'install_now',
    status: UPGRADE_PACKAGE_STATUSES.released,
    isPromotion: false,
    daysAgo: 35,
  },
  {
    packageType: 'ACPowerCharger',
    version: '1.9.0',
    releaseNote: '新增即插即充；降低待机功耗',
    action: 'install_when_idle',
    status: UPGRADE_PACKAGE_STATUSES.draft,
    isPromotion: false,
    daysAgo: 5,
  },
];

/** A firmware image of the demo: a header naming it, then bytes of the seeded random source. */
function imageOf(random: () => number, pkg: DemoPackage): Buffer {
  const header = Buffer.from(`CMP-FW ${pkg.packageType} ${pkg.version}\n`);
  const body = Buffer.alloc(48 * 1024 + Math.floor(random() * 16 * 1024));
  for (let i = 0; i < body.length; i += 1) body[i] = Math.floor(random() * 256);
  return Buffer.concat([header, body]);
}

/**
 * Firmware packages of every tenant, their files in the portal's storage as an upload would leave them. None
 * was sent yet (a package turns uneditable with its first campaign): staff start one on the simulated chargers.
 */
export async function seedUpgradePackages({ tx, random, now, storage }: DemoContext): Promise<void> {
  for (const tenant of TENANTS) {
    for (const pkg of PACKAGES) {
      const image = imageOf(random, pkg);
      const fileKey = `upgrade-packages/${tenant}/demo-${pkg.packageType}-${pkg.version}.bin`;
      await storage.put(fileKey, image);
      const at = new Date(now.getTime() - pkg.daysAgo * DAY);
      await tx.insert(upgradePackages).values({
        tenant,
        packageType: pkg.packageType,
        version: pkg.version,
        releaseNote: pkg.releaseNote,
        action: pkg.action,
        status: pkg.status,
        fileKey,
        fileName: `${pkg.packageType === 'DCPowerCharger' ? 'dc' : 'ac'}-charger-${pkg.version}.bin`,
        fileSize: image.length,
        md5: createHash('md5').update(image).digest('hex'),
        isPromotion: pkg.isPromotion,
        createdBy: `${tenant}-operator`,
        updatedBy: `${tenant}-operator`,
        createTime: at,
        updateTime: at,
      });
    }
  }
}
