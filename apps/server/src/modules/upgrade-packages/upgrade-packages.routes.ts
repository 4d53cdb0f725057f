import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMessage } from '@cmp/domain/messages/format';
import { text } from '@cmp/domain/shared/input';
import { fieldRuleMessages } from '@cmp/domain/shared/zod-issues';
import {
  UpgradeCampaignCreateSchema,
  UpgradeCampaignListQuerySchema,
  UpgradeCampaignListSchema,
  UpgradeCampaignParamsSchema,
  UpgradeCampaignSchema,
  UpgradePackageCreateFieldsSchema,
  UpgradePackageFilterSchema,
  UpgradePackageListQuerySchema,
  UpgradePackageListSchema,
  UpgradePackageParamsSchema,
  UpgradePackageSchema,
  UpgradePackageUpdateSchema,
} from '@cmp/domain/upgrade-packages/upgrade-packages';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import { AppError } from '../../platform/http/app-error.js';
import { localeOf } from '../../platform/http/error-handler.js';
import { portalBaseUrl } from '../../platform/http/public-url.js';
import { receiveFirmware } from './firmware-upload.js';
import type { UpgradeCampaignsService } from './upgrade-campaigns.service.js';
import type { FirmwareReceiver, UpgradePackagesService } from './upgrade-packages.service.js';

const tags = ['upgrade-packages'];

interface UpgradePackageRouteOptions {
  packages: UpgradePackagesService;
  campaigns: UpgradeCampaignsService;
  listExports: ListExports;
  /** PUBLIC_URL, when set: how chargers reach the portal. */
  publicUrl: string | undefined;
  firmwareMaxBytes: number;
}

/** The address download links start with: PUBLIC_URL, else the address the request came to. */
const baseUrlOf = (publicUrl: string | undefined) => (request: FastifyRequest) =>
  portalBaseUrl(publicUrl, request.server.server);

/** The upload form's file, written by `receiveFirmware`, and its text fields, checked against their schema. */
const firmwareForm =
  (request: FastifyRequest, maxBytes: number): FirmwareReceiver =>
  async (storage, key) => {
    const { fields, ...file } = await receiveFirmware(request, storage, key, maxBytes);
    const parsed = UpgradePackageCreateFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const locale = localeOf(request);
      throw AppError.validation(
        fieldRuleMessages(parsed.error).map(({ path, message }) => ({
          path: `body.${path}`,
          message: formatMessage(locale, message),
        })),
      );
    }
    return { ...file, fields: parsed.data };
  };

/** The tenant's upgrade packages and their campaigns under /api/{tenant}. */
export const upgradePackageRoutes: FastifyPluginAsyncZod<UpgradePackageRouteOptions> = async (
  app,
  { packages, campaigns, listExports, publicUrl, firmwareMaxBytes },
) => {
  const baseUrl = baseUrlOf(publicUrl);

  app.get(
    '/upgrade-packages',
    {
      schema: {
        tags,
        summary: 'List upgrade packages',
        querystring: UpgradePackageListQuerySchema,
        response: { 200: UpgradePackageListSchema },
      },
    },
    (request) => packages.list(request.tenant!, request.query, baseUrl(request)),
  );

  listExports.route(app, {
    url: '/upgrade-packages/export',
    tags,
    summary: 'Export upgrade packages',
    filter: UpgradePackageFilterSchema,
    list: packages.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.get(
    '/upgrade-packages/:upgradePackageId',
    {
      schema: {
        tags,
        summary: 'Get an upgrade package',
        params: UpgradePackageParamsSchema,
        response: { 200: UpgradePackageSchema },
      },
    },
    async (request) =>
      packages.present(
        await packages.find(request.tenant!, request.params.upgradePackageId),
        baseUrl(request),
      ),
  );

  app.post(
    '/upgrade-packages',
    {
      config: { upload: { file: 'file', fields: UpgradePackageCreateFieldsSchema } },
      schema: {
        tags,
        summary: 'Upload an upgrade package',
        description:
          'multipart/form-data: `file` (the firmware, up to FIRMWARE_MAX_MB) with packageType, version, ' +
          'releaseNote, action, md5 and isPromotion. The md5 is computed as the file streams to storage: ' +
          '422 when it differs from a given one, 409 for a type and version the tenant has; the file is ' +
          'not kept then.',
        response: { 201: UpgradePackageSchema },
      },
    },
    async (request, reply) => {
      const row = await packages.upload(
        request.tenant!,
        firmwareForm(request, firmwareMaxBytes),
        actorOf(request),
      );
      return reply.status(201).send(await packages.present(row, baseUrl(request)));
    },
  );

  app.put(
    '/upgrade-packages/:upgradePackageId',
    {
      schema: {
        tags,
        summary: 'Update an upgrade package',
        description:
          'Saves from the rowVersion read: 409 when saved since; 422 for a status change the rules refuse ' +
          '(draft → released → withdrawn → released; released → draft only while no charger was sent it).',
        params: UpgradePackageParamsSchema,
        body: UpgradePackageUpdateSchema,
        response: { 200: UpgradePackageSchema },
      },
    },
    async (request) =>
      packages.present(
        await packages.update(
          request.tenant!,
          request.params.upgradePackageId,
          request.body,
          actorOf(request),
        ),
        baseUrl(request),
      ),
  );

  app.get(
    '/upgrade-packages/:upgradePackageId/campaigns',
    {
      schema: {
        tags,
        summary: "List an upgrade package's campaigns",
        params: UpgradePackageParamsSchema,
        querystring: UpgradeCampaignListQuerySchema,
        response: { 200: UpgradeCampaignListSchema },
      },
    },
    (request) => campaigns.listOfPackage(request.tenant!, request.params.upgradePackageId, request.query),
  );

  app.post(
    '/upgrade-packages/:upgradePackageId/campaigns',
    {
      schema: {
        tags,
        summary: 'Start an upgrade campaign',
        description:
          'Sends the package to the chargers by a durable job: a released package to registered chargers ' +
          'of its type, a draft to one charger only; 422 otherwise, naming the chargers refused.',
        params: UpgradePackageParamsSchema,
        body: UpgradeCampaignCreateSchema,
        response: { 201: UpgradeCampaignSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const campaign = await campaigns.create(
        request.tenant!,
        request.params.upgradePackageId,
        request.body,
        { ...actor, userId: actor.userId!, userName: actor.userName! },
        baseUrl(request),
      );
      return reply.status(201).send(campaign);
    },
  );

  app.get(
    '/upgrade-campaigns/:campaignId',
    {
      schema: {
        tags,
        summary: 'Get an upgrade campaign',
        description: "Each charger's progress, from its UPDATE_FIRMWARE operation.",
        params: UpgradeCampaignParamsSchema,
        response: { 200: UpgradeCampaignSchema },
      },
    },
    (request) => campaigns.get(request.tenant!, request.params.campaignId),
  );
};

const TokenParams = z.object({ token: text(256) });

/**
 * GET /api/public/firmware/{token}: the package file for chargers, which have no staff session. The signed,
 * expiring token is the only key (`FirmwareLinks`); it is checked before the database is asked, so no rate
 * limit is needed, and thousands of chargers behind one address may fetch at once.
 */
export const firmwareDownloadRoutes: FastifyPluginAsyncZod<{ packages: UpgradePackagesService }> = async (
  app,
  { packages },
) => {
  app.get(
    '/public/firmware/:token',
    {
      // Public: chargers download with the signed link UpdateFirmware gave them, without a session.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Download firmware by signed link',
        description:
          'The firmware file (application/octet-stream) with content-md5, etag and x-firmware-version; ' +
          '403 for a link that is tampered with or expired, 404 for a package no longer there.',
        params: TokenParams,
      },
    },
    async (request, reply) => {
      const { row, stream } = await packages.openByLink(request.params.token);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(row.fileSize))
        .header('content-md5', Buffer.from(row.md5, 'hex').toString('base64'))
        .header('etag', `"${row.md5}"`)
        .header('x-firmware-version', row.version)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
        .send(stream);
    },
  );
};
