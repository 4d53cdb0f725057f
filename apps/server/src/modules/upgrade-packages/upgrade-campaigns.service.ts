import { z } from 'zod';
import type { Tenant } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import {
  REMOTE_OPERATION_STATUSES,
  type FirmwareStatus,
  type RemoteOperationLog,
  type RemoteOperationStatus,
} from '@cmp/domain/stations/remote-operations';
import {
  EQUIPMENT_TYPE_OF_PACKAGE,
  UPGRADE_PACKAGE_STATUSES,
  type UpgradeCampaign,
  type UpgradeCampaignCreate,
  type UpgradeCampaignList,
  type UpgradeCampaignListQuery,
  type UpgradeCampaignSummary,
  type UpgradePackageType,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { defineJobKind, type JobKind } from '../../platform/jobs/job-kind.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import * as repo from './upgrade-packages.repo.js';
import type { UpgradePackagesService } from './upgrade-packages.service.js';

/** What a campaign asks of the OCPP module for each charger: one UPDATE_FIRMWARE operation. */
export interface FirmwareCommand {
  tenant: Tenant;
  chargePointId: string;
  operationType: 'UPDATE_FIRMWARE';
  ocppPayload: { location: string; retrieveDate: string };
  operatorType: 'system';
  operator: string;
  campaignId: number;
  upgradeInfo: { upgradePackageId: number; version: string; campaignId: number };
}

/**
 * The part of the OCPP module's `RemoteCommands` a campaign uses: `issue` writes the operation's log, sends
 * the call and answers the log once the charger answered (or failed it as offline or timed out).
 */
export interface FirmwareCommands {
  issue(command: FirmwareCommand): Promise<RemoteOperationLog>;
}

export const UPGRADE_CAMPAIGN_ENTITY = 'upgrade_campaign';
export const UPGRADE_CAMPAIGN_JOB = 'upgrade-campaign';

/**
 * Chargers sent at once in a chunk: each waits up to OCPP_COMMAND_TIMEOUT_MS for its answer, so a chunk
 * takes about one timeout at worst, well inside the job runner's lease.
 */
export const CAMPAIGN_CHUNK = 20;
const CHARGERS_NAMED_IN_ERRORS = 20;

const CampaignJobParams = z.object({
  campaignId: z.number().int().positive(),
  /** The portal's address as the campaign's creator reached it, for the download links. */
  baseUrl: z.url(),
});

/** One campaign's chargers from their UPDATE_FIRMWARE operations; a charger not yet sent has none. */
function chargersOf(campaign: repo.UpgradeCampaignRow, logs: repo.CampaignLogRow[]) {
  const latest = new Map<string, repo.CampaignLogRow>();
  for (const log of logs) {
    const known = latest.get(log.chargePointId);
    if (!known || known.remoteOperationLogId < log.remoteOperationLogId) latest.set(log.chargePointId, log);
  }
  return campaign.chargePointIds.map((chargePointId) => {
    const log = latest.get(chargePointId);
    return {
      chargePointId,
      remoteOperationLogId: log?.remoteOperationLogId ?? null,
      status: log?.status ?? null,
      firmwareStatus: (log?.upgradeInfo?.firmwareStatus ?? null) as FirmwareStatus | null,
      percentage: log?.percentage ?? null,
      reason: log?.reason ?? null,
    };
  });
}

function summaryOf(
  campaign: repo.UpgradeCampaignRow,
  version: string,
  chargers: ReturnType<typeof chargersOf>,
): UpgradeCampaignSummary {
  const count = (status: RemoteOperationStatus) => chargers.filter((c) => c.status === status).length;
  return {
    campaignId: campaign.campaignId,
    upgradePackageId: campaign.upgradePackageId,
    version,
    jobId: campaign.jobId,
    createdBy: campaign.createdBy,
    createdAt: campaign.createdAt.getTime(),
    total: campaign.chargePointIds.length,
    sent: count(REMOTE_OPERATION_STATUSES.sent),
    running: count(REMOTE_OPERATION_STATUSES.running),
    succeeded: count(REMOTE_OPERATION_STATUSES.succeeded),
    failed: count(REMOTE_OPERATION_STATUSES.failed),
  };
}

/**
 * Upgrade campaigns: a package sent to chosen chargers by a durable job, each charger's progress read
 * from its UPDATE_FIRMWARE operation, which the charger's FirmwareStatusNotifications move on.
 */
export class UpgradeCampaignsService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly packages: UpgradePackagesService,
    private readonly commands: FirmwareCommands,
  ) {}

  /**
   * Starts a campaign: a released package to any of its type's registered chargers, a draft to one charger
   * (a trial), a withdrawn one to none (422). The package is no longer editable from here on.
   */
  async create(
    tenant: Tenant,
    upgradePackageId: number,
    input: UpgradeCampaignCreate,
    actor: Actor & { userId: number; userName: string },
    baseUrl: string,
  ): Promise<UpgradeCampaign> {
    const pkg = await this.packages.find(tenant, upgradePackageId);
    const chargePointIds = [...new Set(input.chargePointIds)];
    if (pkg.status === UPGRADE_PACKAGE_STATUSES.withdrawn) {
      throw new RuleError(ruleMessage('upgradePackages.withdrawn'));
    }
    if (pkg.status === UPGRADE_PACKAGE_STATUSES.draft && chargePointIds.length > 1) {
      throw new RuleError(ruleMessage('upgradePackages.draftToOne'));
    }
    const equipmentType = EQUIPMENT_TYPE_OF_PACKAGE[pkg.packageType as UpgradePackageType];
    const known = await repo.registeredChargePointsOfType(this.db, chargePointIds, equipmentType);
    const unknown = chargePointIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const named = unknown.slice(0, CHARGERS_NAMED_IN_ERRORS).join(', ');
      throw new RuleError(
        ruleMessage('upgradePackages.unknownChargers', {
          chargePointIds: unknown.length > CHARGERS_NAMED_IN_ERRORS ? `${named} …` : named,
        }),
      );
    }
    const campaignId = await this.db.transaction(async (tx) => {
      const campaign = await repo.insertCampaign(tx, {
        tenant,
        upgradePackageId,
        chargePointIds,
        createdBy: actor.userName,
      });
      const job = await this.jobs.enqueue(
        {
          kind: UPGRADE_CAMPAIGN_JOB,
          tenant,
          createdBy: { userId: actor.userId, userName: actor.userName },
          params: { campaignId: campaign.campaignId, baseUrl },
        },
        tx,
      );
      await repo.setCampaignJob(tx, campaign.campaignId, job.id);
      await repo.fixUpgradePackage(tx, upgradePackageId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: UPGRADE_CAMPAIGN_ENTITY,
        entityId: campaign.campaignId,
        action: 'UPGRADE_CAMPAIGN_CREATE',
        after: { upgradePackageId, version: pkg.version, chargePointIds, jobId: job.id },
      });
      return campaign.campaignId;
    });
    return this.get(tenant, campaignId);
  }

  async get(tenant: Tenant, campaignId: number): Promise<UpgradeCampaign> {
    const campaign = await repo.findCampaign(this.db, tenant, campaignId);
    if (!campaign) throw AppError.notFound('upgrade campaign', campaignId);
    const pkg = await this.packages.find(tenant, campaign.upgradePackageId);
    const chargers = chargersOf(campaign, await repo.campaignLogs(this.db, [campaignId]));
    return { ...summaryOf(campaign, pkg.version, chargers), chargers };
  }

  /** A package's campaigns, newest first unless asked, each with its counts. */
  async listOfPackage(
    tenant: Tenant,
    upgradePackageId: number,
    query: UpgradeCampaignListQuery,
  ): Promise<UpgradeCampaignList> {
    const pkg = await this.packages.find(tenant, upgradePackageId);
    const { pageNo, pageSize, sort } = query;
    const page = await repo.campaignList.page(
      this.db,
      { tenant, upgradePackageId, sort },
      { pageNo, pageSize },
    );
    const campaigns = page.rows.map((row) => row.campaign);
    const logs = await repo.campaignLogs(
      this.db,
      campaigns.map((c) => c.campaignId),
    );
    return {
      items: campaigns.map((campaign) =>
        summaryOf(
          campaign,
          pkg.version,
          chargersOf(
            campaign,
            logs.filter((log) => log.campaignId === campaign.campaignId),
          ),
        ),
      ),
      total: page.total,
    };
  }

  /**
   * The campaign's job: sends UpdateFirmware to the next chunk of chargers, all at once, and checkpoints
   * past them. A charger that already has an operation of the campaign was sent by a try cut off before
   * its checkpoint, and is not sent again. The job ends once every charger was sent; their progress
   * afterwards is in their operations.
   */
  readonly jobKind: JobKind = defineJobKind<z.infer<typeof CampaignJobParams>, { next: number }>({
    kind: UPGRADE_CAMPAIGN_JOB,
    params: CampaignJobParams,
    step: async ({ params, checkpoint, db }) => {
      const campaign = await repo.findCampaignById(db, params.campaignId);
      const total = campaign?.chargePointIds.length ?? 0;
      const next = checkpoint?.next ?? 0;
      if (!campaign || next >= total) return { result: { counts: { sent: total }, files: [] } };
      const pkg = (await repo.findUpgradePackageById(db, campaign.upgradePackageId))!;
      const chunk = campaign.chargePointIds.slice(next, next + CAMPAIGN_CHUNK);
      const sent = await repo.chargersSentByCampaign(db, campaign.campaignId, chunk);
      const location = await this.packages.downloadUrl(params.baseUrl, pkg.upgradePackageId);
      const retrieveDate = new Date().toISOString();
      await Promise.all(
        chunk
          .filter((chargePointId) => !sent.has(chargePointId))
          .map((chargePointId) =>
            this.commands.issue({
              tenant: campaign.tenant as Tenant,
              chargePointId,
              operationType: 'UPDATE_FIRMWARE',
              ocppPayload: { location, retrieveDate },
              operatorType: 'system',
              operator: campaign.createdBy,
              campaignId: campaign.campaignId,
              upgradeInfo: {
                upgradePackageId: pkg.upgradePackageId,
                version: pkg.version,
                campaignId: campaign.campaignId,
              },
            }),
          ),
      );
      const done = next + chunk.length;
      return { checkpoint: { next: done }, done, total, message: `${done} of ${total}` };
    },
  });
}
