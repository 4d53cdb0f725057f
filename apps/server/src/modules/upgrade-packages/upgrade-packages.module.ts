import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { FirmwareLinks } from './firmware-links.service.js';
import { UpgradeCampaignsService, type FirmwareCommands } from './upgrade-campaigns.service.js';
import { firmwareDownloadRoutes, upgradePackageRoutes } from './upgrade-packages.routes.js';
import { UpgradePackagesService } from './upgrade-packages.service.js';

/** Firmware upgrade packages, their signed download links and upgrade campaigns. */
export function upgradePackagesModule(
  { db, config, storage, jobs, listExports }: SharedDeps,
  { commands }: { commands: FirmwareCommands },
): PortalModule {
  const packages = new UpgradePackagesService(db, storage, new FirmwareLinks(db, config.firmwareLinkMinutes));
  const campaigns = new UpgradeCampaignsService(db, jobs, packages, commands);
  return {
    jobKinds: [campaigns.jobKind],
    api: async (scope) => scope.register(firmwareDownloadRoutes, { packages }),
    tenant: async (scope) =>
      scope.register(upgradePackageRoutes, {
        packages,
        campaigns,
        listExports,
        publicUrl: config.publicUrl,
        firmwareMaxBytes: config.firmwareMaxMb * 1024 * 1024,
      }),
  };
}
