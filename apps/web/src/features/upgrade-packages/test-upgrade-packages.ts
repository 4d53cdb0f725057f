import type { UpgradeCampaign, UpgradePackage } from '@cmp/domain/upgrade-packages/upgrade-packages';
import { ok, staffUser, type FakeHandler } from '../../test/fake-api';

export const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
export const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);
export const CREATED = Date.parse('2026-03-02T09:30:00+08:00');

/** An upgrade package as the server answers it, with what a test names. */
export const upgradePackage = (id: number, overrides: Partial<UpgradePackage> = {}): UpgradePackage => ({
  upgradePackageId: id,
  packageType: 'DCPowerCharger',
  version: `1.${id}.0`,
  releaseNote: null,
  action: 'install_now',
  status: 0,
  createTime: CREATED,
  updateTime: CREATED,
  downloadUrl: `http://portal.test/api/public/firmware/${id}.1900000000.${'a'.repeat(43)}`,
  md5: '0123456789abcdef0123456789abcdef',
  fileName: `fw-${id}.bin`,
  fileSize: 3 * 1024 * 1024,
  editable: true,
  isPromotion: false,
  createdBy: 'alice',
  updatedBy: 'alice',
  rowVersion: 1,
  ...overrides,
});

/** A campaign of two chargers: one installed, one downloading. */
export const campaign = (overrides: Partial<UpgradeCampaign> = {}): UpgradeCampaign => ({
  campaignId: 5,
  upgradePackageId: 1,
  version: '1.1.0',
  jobId: 9,
  createdBy: 'alice',
  createdAt: CREATED,
  total: 2,
  sent: 0,
  running: 1,
  succeeded: 1,
  failed: 0,
  chargers: [
    {
      chargePointId: 'CS-1-E1',
      remoteOperationLogId: 11,
      status: 1,
      firmwareStatus: 'Installed',
      percentage: 100,
      reason: null,
    },
    {
      chargePointId: 'CS-1-E2',
      remoteOperationLogId: 12,
      status: 3,
      firmwareStatus: 'Downloading',
      percentage: 25,
      reason: null,
    },
  ],
  ...overrides,
});

export const signedIn = (user = operator): Record<string, FakeHandler> => ({
  'GET /api/auth/me': () => ok(user),
});
