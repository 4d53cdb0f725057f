import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpgradeCampaign, UpgradePackage } from '@cmp/domain/upgrade-packages/upgrade-packages';
import { registerDemoChargers } from '../../demo/demo-chargers.js';
import { SimulatedCharger, type SimulatedChargerOptions } from '../../ocpp-sim/simulated-charger.js';
import { insertChargeStation } from '../../test/station-fixtures.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { multipartForm } from '../../test/multipart.js';

async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('an upgrade campaign to simulated chargers over a real socket', () => {
  let sut: TestContext;
  let origin: string;
  let operator: string;
  const chargers: SimulatedCharger[] = [];

  beforeEach(async () => {
    sut = await createTestContext({ ocppCommandTimeoutMs: 3_000 });
    await insertChargeStation(sut.database.db, 'CS1');
    await insertChargeStation(sut.database.db, 'CS2');
    await sut.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
    operator = await sut.userWith('operator', 'nio');
  });
  afterEach(async () => {
    await Promise.all(chargers.splice(0).map((c) => c.stop()));
    await sut.app.close();
  });

  /** Calls the API at the address chargers reach, so the download links the campaign sends lead there. */
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    more: { payload?: unknown; headers?: object } = {},
  ) =>
    sut.app.inject({
      method,
      url: `/api/nio${url}`,
      headers: { cookie: operator, host: origin.slice('http://'.length), origin, ...more.headers },
      payload: more.payload as string,
    });

  const started = async (options: Partial<SimulatedChargerOptions>[]) => {
    const specs = await registerDemoChargers(sut.database.db, options.length);
    for (const [i, spec] of specs.entries()) {
      const charger = new SimulatedCharger({
        endpoint: `ws://${origin.slice(7)}/ocpp`,
        ...spec,
        firmwareStepMs: 5,
        ...options[i],
      });
      chargers.push(charger);
      await charger.start();
    }
    return specs.map((s) => s.chargePointId);
  };

  it('should follow each charger from Downloading to Installed, or to its failure', async () => {
    const [good, failing] = await started([{}, { failFirmwareInstall: true }]);
    const form = multipartForm(
      { packageType: 'DCPowerCharger', version: '2.0.0' },
      { name: 'fw.bin', data: Buffer.alloc(4096, 1) },
    );
    const upload = await call('POST', '/upgrade-packages', form);
    expect(upload.statusCode, upload.body).toBe(201);
    const pkg = upload.json<UpgradePackage>();
    const release = await call('PUT', `/upgrade-packages/${pkg.upgradePackageId}`, {
      payload: { action: 'install_now', status: 1, isPromotion: false, rowVersion: 1 },
    });
    expect(release.statusCode, release.body).toBe(200);

    const created = await call('POST', `/upgrade-packages/${pkg.upgradePackageId}/campaigns`, {
      payload: { chargePointIds: [good, failing] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { campaignId } = created.json<UpgradeCampaign>();

    const done = await eventually(async () => {
      const campaign = (await call('GET', `/upgrade-campaigns/${campaignId}`)).json<UpgradeCampaign>();
      expect(campaign.succeeded + campaign.failed).toBe(2);
      return campaign;
    });
    expect(done).toMatchObject({ total: 2, succeeded: 1, failed: 1, running: 0, sent: 0 });
    const byCharger = Object.fromEntries(done.chargers.map((c) => [c.chargePointId, c]));
    expect(byCharger[good!]).toMatchObject({ status: 1, firmwareStatus: 'Installed', percentage: 100 });
    expect(byCharger[failing!]).toMatchObject({ status: 2, firmwareStatus: 'InstallationFailed' });
    expect(chargers[0]!.firmwareVersion).toBe('2.0.0');
  });
});
