import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { tileOriginOf, type Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { accessOfRoute, registerAccessHook, TENANT_PREFIX } from './platform/auth/access-hook.js';
import type { RouteAccess } from './platform/http/route-access.js';
import { SessionStore } from './platform/auth/sessions.js';
import { answerError, registerErrorHandler, registerNotFoundHandler } from './platform/http/error-handler.js';
import { openApiTransform } from './platform/http/openapi.js';
import { responseSerializerCompiler } from './platform/http/response-serializer.js';
import type { UploadDeclaration } from './platform/http/upload-form.js';
import { registerSameOriginGuard } from './platform/http/same-origin.js';
import { registerWebClient } from './platform/http/web-client.js';
import { registerHousekeeping } from './platform/housekeeping.js';
import { LocalFileStorage, type FileStorage } from './platform/storage/file-storage.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SignInLimiter, type SignInLimits } from './modules/auth/sign-in-limiter.js';
import { fileReadRoutes, fileUploadRoutes } from './modules/files/files.routes.js';
import { FilesService } from './modules/files/files.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { picturesRoutes } from './modules/pictures/pictures.routes.js';
import { PicturesService } from './modules/pictures/pictures.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { portalConfigRoutes } from './modules/portal-config/portal-config.routes.js';
import { ensureDictionaries } from './modules/dictionaries/dictionaries.bootstrap.js';
import { dictionaryRoutes } from './modules/dictionaries/dictionaries.routes.js';
import { regionRoutes } from './modules/regions/regions.routes.js';
import { operatorRoutes } from './modules/operators/operators.routes.js';
import { OperatorsService } from './modules/operators/operators.service.js';
import { DictionaryService } from './modules/dictionaries/dictionaries.service.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { StaffService } from './modules/staff/staff.service.js';
import { chargeStationRoutes } from './modules/stations/charge-stations.routes.js';
import { ChargeStationsService } from './modules/stations/charge-stations.service.js';
import { swapStationRoutes } from './modules/stations/swap-stations.routes.js';
import { SwapStationsService } from './modules/stations/swap-stations.service.js';
import { stationBasicInfoRoutes } from './modules/stations/station-basic-infos.routes.js';
import { StationBasicInfosService } from './modules/stations/station-basic-infos.service.js';
import { stationInfoRoutes } from './modules/stations/station-infos.routes.js';
import { StationInfosService } from './modules/stations/station-infos.service.js';
import { stationRecordRoutes } from './modules/stations/station-records.routes.js';
import { StationRecordsService } from './modules/stations/station-records.service.js';
import { operationListRoutes } from './modules/stations/operation-list.routes.js';
import { OperationListService } from './modules/stations/operation-list.service.js';
import { worksheetRoutes } from './modules/worksheets/worksheets.routes.js';
import { EstimatedRoutingProvider } from './modules/road-books/planning/estimated-routing.js';
import { OsrmRoutingProvider } from './modules/road-books/planning/osrm-routing.js';
import { PlanningStations } from './modules/road-books/planning-stations.js';
import { roadBookShareRoutes } from './modules/road-books/road-book-share.routes.js';
import { roadBookRoutes } from './modules/road-books/road-books.routes.js';
import { RoadBooksService } from './modules/road-books/road-books.service.js';
import { WorksheetsService } from './modules/worksheets/worksheets.service.js';

export interface AppDeps {
  config: Config;
  database: Database;
  storage?: FileStorage;
  signInLimits?: SignInLimits;
  /** Pino options or false; tests pass false. */
  logger?: boolean | Record<string, unknown>;
}

export interface RouteInfo {
  method: string;
  url: string;
  /** The access the access hook applies: `public`, `signed-in`, `staff-admin` or `tenant-role:<role>`. */
  access: string;
  /** The route's validation schemas (Zod), for the tests that walk the route table. */
  schema: FastifySchema | undefined;
  /** The multipart form of an upload route. */
  upload: UploadDeclaration | undefined;
}

const describeAccess = (access: RouteAccess): string =>
  typeof access === 'object' ? `tenant-role:${access.tenantRole}` : access;

export type App = FastifyInstance & { routeCatalog: RouteInfo[] };

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
    const access = describeAccess(accessOfRoute(route.url, route.config?.access));
    for (const method of methods) {
      routeCatalog.push({
        method,
        url: route.url,
        access,
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
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'cmp_session' } } },
      security: [{ session: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const sessions = new SessionStore(database.db, {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  registerSameOriginGuard(app);
  registerAccessHook(app, sessions);

  const staff = new StaffService(database.db);
  const limiter = new SignInLimiter(database.db, deps.signInLimits);
  const auth = new AuthService(database.db, sessions, limiter);
  registerHousekeeping(app, { sessions, limiter });
  const storage = deps.storage ?? new LocalFileStorage(path.join(config.dataDir, 'files'));
  const files = new FilesService(database.db, storage);
  const pictures = new PicturesService(database.db, storage);
  const notifications = new NotificationsService(database.db);
  // Reference entries every start needs, demo data or not; here so every app (tests too) has them.
  await ensureDictionaries(database.db);
  const dictionaries = new DictionaryService(database.db);
  const operators = new OperatorsService(database.db);
  const chargeStations = new ChargeStationsService(database.db, dictionaries);
  const swapStations = new SwapStationsService(database.db);
  const stationInfos = new StationInfosService(database.db);
  const stationRecords = new StationRecordsService(database.db);
  const basicInfos = new StationBasicInfosService(database.db);
  const operationList = new OperationListService(database.db, dictionaries);
  const worksheets = new WorksheetsService(database.db);
  const planningStations = new PlanningStations(database.db, {
    onError: (error) => app.log.error({ err: error }, 'route planning station index update failed'),
  });
  planningStations.start();
  app.addHook('onClose', async () => planningStations.stop());
  const routing = config.routingUrl
    ? new OsrmRoutingProvider({ baseUrl: config.routingUrl })
    : new EstimatedRoutingProvider();
  const roadBooks = new RoadBooksService(database.db, planningStations, routing, basicInfos);

  await app.register(healthRoutes, { prefix: '/api', db: database.db });
  await app.register(portalConfigRoutes, { prefix: '/api', config });
  await app.register(authRoutes, { prefix: '/api/auth', auth, staff, cookieSecure: config.cookieSecure });
  await app.register(staffRoutes, { prefix: '/api/admin', staff });
  await app.register(fileReadRoutes, { prefix: '/api', files });
  await app.register(roadBookShareRoutes, { prefix: '/api/public', roadBooks });
  await app.register(
    async (tenantScope) => {
      await tenantScope.register(fileUploadRoutes, { files });
      await tenantScope.register(picturesRoutes, { pictures });
      await tenantScope.register(notificationsRoutes, { notifications });
      await tenantScope.register(chargeStationRoutes, { chargeStations });
      await tenantScope.register(swapStationRoutes, { swapStations });
      await tenantScope.register(stationInfoRoutes, { stationInfos });
      await tenantScope.register(stationRecordRoutes, { stationRecords });
      await tenantScope.register(stationBasicInfoRoutes, { basicInfos });
      await tenantScope.register(dictionaryRoutes, { dictionaries });
      await tenantScope.register(regionRoutes);
      await tenantScope.register(operatorRoutes, { operators });
      await tenantScope.register(operationListRoutes, { operationList });
      await tenantScope.register(worksheetRoutes, { worksheets });
      await tenantScope.register(roadBookRoutes, { roadBooks });
    },
    { prefix: TENANT_PREFIX },
  );

  registerNotFoundHandler(app, await registerWebClient(app, config.webDist));
  return app;
}
