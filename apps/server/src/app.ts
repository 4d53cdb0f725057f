import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerAllCatalogs } from '@cmp/domain/messages/all-catalogs';
import { SIGNED_HEADERS } from '@cmp/domain/platform/signed-requests';
import { tileOriginOf, type Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { accessOfRoute, registerAccessHook } from './platform/auth/access-hook.js';
import type { RouteAccess } from './platform/http/route-access.js';
import { answerError, registerErrorHandler, registerNotFoundHandler } from './platform/http/error-handler.js';
import { openApiTransform } from './platform/http/openapi.js';
import { responseSerializerCompiler } from './platform/http/response-serializer.js';
import type { UploadDeclaration } from './platform/http/upload-form.js';
import { registerSameOriginGuard } from './platform/http/same-origin.js';
import { registerWebClient } from './platform/http/web-client.js';
import { registerModules, type PortalRole, type SharedDeps } from './platform/portal-module.js';
import { ListExports } from './platform/export/export-route.js';
import { LocalFileStorage, type FileStorage } from './platform/storage/file-storage.js';
import { authModule } from './modules/auth/auth.module.js';
import type { SignInLimits } from './modules/auth/sign-in-limiter.service.js';
import { dictionariesModule } from './modules/dictionaries/dictionaries.module.js';
import { tagsModule } from './modules/tags/tags.module.js';
import { filesModule } from './modules/files/files.module.js';
import { healthModule } from './modules/health/health.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { operatorsModule } from './modules/operators/operators.module.js';
import { picturesModule } from './modules/pictures/pictures.module.js';
import { portalConfigModule } from './modules/portal-config/portal-config.module.js';
import { regionsModule } from './modules/regions/regions.module.js';
import { roadBooksModule } from './modules/road-books/road-books.module.js';
import { staffModule } from './modules/staff/staff.module.js';
import { stationsModule } from './modules/stations/stations.module.js';
import { worksheetsModule } from './modules/worksheets/worksheets.module.js';
import { commentsModule } from './modules/comments/comments.module.js';
import { accountsModule } from './modules/accounts/accounts.module.js';
import { relationsModule } from './modules/relations/relations.module.js';
import { crowdsourcedStationsModule } from './modules/crowdsourced-stations/crowdsourced-stations.module.js';
import { reportedStationsModule } from './modules/reported-stations/reported-stations.module.js';
import { userChargersModule } from './modules/user-chargers/user-chargers.module.js';
import { appClientsModule } from './modules/app-clients/app-clients.module.js';
import { invitationsModule } from './modules/invitations/invitations.module.js';
import { chargingPathsModule } from './modules/charging-paths/charging-paths.module.js';
import { jobsModule } from './modules/jobs/jobs.module.js';
import { ocppModule } from './modules/ocpp/ocpp.module.js';
import { couponsModule } from './modules/coupons/coupons.module.js';
import { upgradePackagesModule } from './modules/upgrade-packages/upgrade-packages.module.js';
import { dashboardModule } from './modules/dashboard/dashboard.module.js';
import { activitiesModule } from './modules/activities/activities.module.js';
import { stationsInActivitiesOf, stationsInActivity } from './modules/activities/activity-stations.views.js';
import { rewardsModule } from './modules/rewards/rewards.module.js';
import { postersModule } from './modules/posters/posters.module.js';
import { shareTemplatesModule } from './modules/share-templates/share-templates.module.js';
import { groupChatsModule } from './modules/group-chats/group-chats.module.js';
import { pushMessagesModule } from './modules/push-messages/push-messages.module.js';
import { mallModule } from './modules/mall/mall.module.js';
import { forumModule } from './modules/forum/forum.module.js';
import { sharePageModule } from './modules/share-page/share-page.module.js';
import { cloudConfigModule } from './modules/cloud-config/cloud-config.module.js';
import { givenRewards } from './modules/rewards/rewards.views.js';
import { Jobs, type JobPlacement } from './platform/jobs/jobs.js';
import type { JobRunnerOptions } from './platform/jobs/job-runner.js';

// The server answers each request in its reader's language, so it speaks both of the domain's (the web loads
// only the one in use): registered as this module loads, before any app of this process formats a message.
registerAllCatalogs();

export interface AppDeps {
  config: Config;
  database: Database;
  storage?: FileStorage;
  signInLimits?: SignInLimits;
  /** The job runner's timing; tests shorten it. */
  jobRunner?: Partial<JobRunnerOptions>;
  /** Pino options or false; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** The job kinds this process runs: every kind unless a job process runs some (`job-process.ts`). */
  jobPlacement?: JobPlacement;
  /** A server by default; the job process builds the app only to run its jobs. */
  role?: PortalRole;
}

export interface RouteInfo {
  method: string;
  url: string;
  /** The access the access hook applies: `public`, `signed-in`, `staff-admin`, `tenant-role:<role>`
   * or `signed-client:<kind>`. */
  access: string;
  /** The route's validation schemas (Zod), for the tests that walk the route table. */
  schema: FastifySchema | undefined;
  /** The multipart form of an upload route. */
  upload: UploadDeclaration | undefined;
}

const describeAccess = (access: RouteAccess): string => {
  if (typeof access === 'string') return access;
  return 'tenantRole' in access ? `tenant-role:${access.tenantRole}` : `signed-client:${access.signedClient}`;
};

export type App = FastifyInstance & {
  routeCatalog: RouteInfo[];
  jobs: Jobs;
  /** The configuration long polls this process holds now (tests and benchmarks wait for them). */
  cloudConfigPolls: () => number;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: answerError,
    // Keep a caller's request id (a proxy's) when it looks like one; otherwise make our own.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }) as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);

  const routeCatalog: RouteInfo[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routeCatalog.push({
        method,
        url: route.url,
        // Read when asked: a scope's own onRoute hook (signedRoutes) sets the access after this one runs.
        get access() {
          return describeAccess(accessOfRoute(route.url, route.config?.access));
        },
        schema: route.schema,
        upload: route.config?.upload,
      });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images come from the portal itself, except map tiles from the configured tile server.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.tileUrl ? [tileOriginOf(config.tileUrl)!] : [])],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The portal is often run over plain HTTP on one machine; upgrading would break it there.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 1, fields: 10 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'CMP operations portal API', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'cmp_session' },
          signedClient: {
            type: 'apiKey',
            in: 'header',
            name: SIGNED_HEADERS.signature,
            description:
              `Ed25519 signature (base64) over the method, the path with its query, ${SIGNED_HEADERS.timestamp}, ` +
              `${SIGNED_HEADERS.nonce} and the body's SHA-256 in hex, one per line, by the client named in ` +
              `${SIGNED_HEADERS.keyId}; docs/app-api.md in the portal's repository is the integrator's guide ` +
              '(test vector, refusals, resending, callbacks).',
          },
          signedKeyId: {
            type: 'apiKey',
            in: 'header',
            name: SIGNED_HEADERS.keyId,
            description: "The client's id (an app back end's clientId, a vendor's applicationId).",
          },
          signedTimestamp: {
            type: 'apiKey',
            in: 'header',
            name: SIGNED_HEADERS.timestamp,
            description: "Milliseconds since 1970 UTC, within 5 minutes of the portal's clock.",
          },
          signedNonce: {
            type: 'apiKey',
            in: 'header',
            name: SIGNED_HEADERS.nonce,
            description: '16 to 64 of A–Z a–z 0–9 _ -, once per client.',
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const storage = deps.storage ?? new LocalFileStorage(path.join(config.dataDir, 'files'));
  const jobs = new Jobs(database.db, storage, app.log, deps.jobRunner, deps.jobPlacement);
  app.decorate('jobs', jobs);
  const listExports = new ListExports(database.db, jobs, config.exportStreamLimit);
  const shared: SharedDeps = { db: database.db, config, storage, log: app.log, jobs, listExports };
  const staff = staffModule(shared);
  const auth = authModule(shared, { staff: staff.staff, signInLimits: deps.signInLimits });
  registerSameOriginGuard(app);
  registerAccessHook(app, auth.sessions);

  const dictionaries = await dictionariesModule(shared);
  // Tags, worksheets, OCPP and activities build on stations; stations reach them only through the ports wired
  // here.
  const tags = await tagsModule(shared);
  const worksheets = worksheetsModule(shared);
  const ocpp = ocppModule(shared, { database });
  const stations = stationsModule(shared, {
    dictionaries: dictionaries.dictionaries,
    tagged: tags.tags,
    present: ocpp.present,
    activities: { stationsInActivity, stationsInActivitiesOf },
    worksheets: worksheets.worksheets,
  });
  const accounts = accountsModule(shared);
  const roadBooks = roadBooksModule(shared, { basicInfos: stations.basicInfos });
  const relations = relationsModule(shared);
  // Activities reach the rewards given in them only through the port wired here.
  const activities = activitiesModule(shared, {
    dictionaries: dictionaries.dictionaries,
    stations: stations.operationList,
    basicInfos: stations.basicInfos,
    givenRewards,
  });
  const cloudConfig = cloudConfigModule(shared, { database });
  const shareTemplates = shareTemplatesModule(shared);
  const groupChats = groupChatsModule(shared);
  app.decorate('cloudConfigPolls', () => cloudConfig.notifier.watching);
  await registerModules(
    app,
    jobs,
    [
      healthModule(shared),
      portalConfigModule(shared),
      auth,
      staff,
      filesModule(shared),
      picturesModule(shared),
      notificationsModule(shared),
      dictionaries,
      regionsModule(shared),
      operatorsModule(shared, { stations: stations.operationList }),
      stations,
      tags,
      worksheets,
      accounts,
      commentsModule(shared, { accounts: accounts.accounts }),
      relations,
      crowdsourcedStationsModule(shared, { relations: relations.relations }),
      reportedStationsModule(shared),
      userChargersModule(shared),
      appClientsModule(shared),
      invitationsModule(shared),
      roadBooks,
      chargingPathsModule(shared, { planner: roadBooks.roadBooks }),
      ocpp,
      upgradePackagesModule(shared, { commands: ocpp.commands }),
      couponsModule(shared, { accounts: accounts.accounts }),
      activities,
      rewardsModule(shared, {
        activities: activities.activities,
        rewardSources: activities.rewardSources,
        accounts: accounts.accounts,
      }),
      postersModule(shared, { activities: activities.activities, dictionaries: dictionaries.dictionaries }),
      cloudConfig,
      shareTemplates,
      groupChats,
      sharePageModule(shared, { templates: shareTemplates.templates, groups: groupChats.groups }),
      pushMessagesModule(shared, { accounts: accounts.accounts }),
      forumModule(shared, { database, accounts: accounts.accounts }),
      mallModule(shared),
      jobsModule(shared),
      dashboardModule(shared),
    ],
    deps.role,
  );

  registerNotFoundHandler(app, await registerWebClient(app, config.webDist));
  return app;
}
