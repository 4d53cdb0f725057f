import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { Jobs } from '../../platform/jobs/jobs.js';
import type { StepContext, StepResult } from '../../platform/jobs/job-kind.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { remoteOperationLogs } from '../ocpp/ocpp.tables.js';
import { FirmwareLinks } from './firmware-links.service.js';
import {
  CAMPAIGN_CHUNK,
  UpgradeCampaignsService,
  type FirmwareCommand,
} from './upgrade-campaigns.service.js';
import { UpgradePackagesService } from './upgrade-packages.service.js';
import { upgradeCampaigns, upgradePackages } from './upgrade-packages.tables.js';

type Params = { campaignId: number; baseUrl: string };
type Checkpoint = { next: number };

/** Stands for the OCPP module: records each command and writes its log as `RemoteCommands.issue` does. */
class FakeCommands {
  readonly sent: FirmwareCommand[] = [];
  constructor(private readonly sut: () => TestContext) {}

  async issue(command: FirmwareCommand): Promise<RemoteOperationLog> {
    this.sent.push(command);
    await this.sut()
      .database.db.insert(remoteOperationLogs)
      .values({
        tenant: command.tenant,
        resourceId: 'CS1',
        chargePointId: command.chargePointId,
        operatorType: command.operatorType,
        operationType: command.operationType,
        operator: command.operator,
        command: 'UpdateFirmware',
        commandInfo: command.ocppPayload,
        status: 3,
        upgradeInfo: { ...command.upgradeInfo, firmwareStatus: null },
        campaignId: command.campaignId,
      });
    return {} as RemoteOperationLog;
  }
}

describe('upgrade campaign job', () => {
  let sut: TestContext;
  let commands: FakeCommands;
  let campaigns: UpgradeCampaignsService;

  beforeEach(async () => {
    sut = await createTestContext();
    commands = new FakeCommands(() => sut);
    const { db } = sut.database;
    const storage = { open: () => Promise.reject(new Error('unused')) } as never;
    const links = new FirmwareLinks(db, sut.config.firmwareLinkMinutes);
    const packages = new UpgradePackagesService(db, storage, links);
    campaigns = new UpgradeCampaignsService(db, new Jobs(db, storage, console), packages, commands);
  });
  afterEach(() => sut.app.close());

  const campaignOf = async (chargePointIds: string[]) => {
    const { db } = sut.database;
    const [pkg] = await db
      .insert(upgradePackages)
      .values({
        tenant: 'nio',
        packageType: 'DCPowerCharger',
        version: '9.9.9',
        action: 'install_now',
        status: 1,
        fileKey: 'k',
        fileName: 'f.bin',
        fileSize: 1,
        md5: '0'.repeat(32),
        createdBy: 'op',
        updatedBy: 'op',
      })
      .returning();
    const [campaign] = await db
      .insert(upgradeCampaigns)
      .values({
        tenant: 'nio',
        upgradePackageId: pkg!.upgradePackageId,
        chargePointIds,
        createdBy: 'nio-operator',
      })
      .returning();
    return campaign!;
  };
  const step = (params: Params, checkpoint: Checkpoint | null) =>
    campaigns.jobKind.step({
      job: { jobId: 1, tenant: 'nio', createdBy: 1 },
      params,
      checkpoint,
      db: sut.database.db,
      storage: {} as never,
    } as StepContext<unknown, unknown>) as Promise<StepResult<Checkpoint>>;

  /** Runs the job's steps to the end as the runner would, answering each step's progress. */
  const runAll = async (params: Params, from: Checkpoint | null = null) => {
    const progress: number[] = [];
    let checkpoint = from;
    for (;;) {
      const result = await step(params, checkpoint);
      if ('result' in result) return { progress, result: result.result };
      progress.push(result.done);
      checkpoint = result.checkpoint;
    }
  };

  it('should send UpdateFirmware to every charger in chunks, with a signed link and the campaign', async () => {
    const ids = Array.from({ length: CAMPAIGN_CHUNK * 2 + 3 }, (_, i) => `CP-${i}`);
    const campaign = await campaignOf(ids);
    const { progress, result } = await runAll({
      campaignId: campaign.campaignId,
      baseUrl: 'https://p.example',
    });
    expect(progress).toEqual([CAMPAIGN_CHUNK, CAMPAIGN_CHUNK * 2, ids.length]);
    expect(result.counts).toEqual({ sent: ids.length });
    expect(commands.sent.map((c) => c.chargePointId)).toEqual(ids);
    expect(commands.sent[0]).toMatchObject({
      tenant: 'nio',
      operationType: 'UPDATE_FIRMWARE',
      operatorType: 'system',
      operator: 'nio-operator',
      campaignId: campaign.campaignId,
      upgradeInfo: { version: '9.9.9', campaignId: campaign.campaignId },
      ocppPayload: {
        location: expect.stringMatching(/^https:\/\/p\.example\/api\/public\/firmware\/\d+\.\d+\.[\w-]{43}$/),
        retrieveDate: expect.any(String),
      },
    });

    const read = await campaigns.get('nio', campaign.campaignId);
    expect(read).toMatchObject({ total: ids.length, running: ids.length, sent: 0, succeeded: 0, failed: 0 });
    expect(read.chargers[0]).toMatchObject({ chargePointId: 'CP-0', status: 3 });
  });

  it('should not send again to chargers a cut-off try already sent, when the job resumes from its checkpoint', async () => {
    const ids = ['CP-A', 'CP-B', 'CP-C'];
    const campaign = await campaignOf(ids);
    await commands.issue({
      tenant: 'nio',
      chargePointId: 'CP-B',
      operationType: 'UPDATE_FIRMWARE',
      ocppPayload: { location: 'http://x/earlier', retrieveDate: new Date().toISOString() },
      operatorType: 'system',
      operator: 'nio-operator',
      campaignId: campaign.campaignId,
      upgradeInfo: {
        upgradePackageId: campaign.upgradePackageId,
        version: '9.9.9',
        campaignId: campaign.campaignId,
      },
    });
    commands.sent.length = 0;
    await runAll({ campaignId: campaign.campaignId, baseUrl: 'http://x' });
    expect(commands.sent.map((c) => c.chargePointId)).toEqual(['CP-A', 'CP-C']);
  });
});
