import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { TENANT_PREFIX } from './auth/access-hook.js';
import type { Db } from './db/database.js';
import type { ListExports } from './export/export-route.js';
import { registerHousekeeping, type Sweep } from './housekeeping.js';
import type { JobKind } from './jobs/job-kind.js';
import type { Jobs } from './jobs/jobs.js';
import type { FileStorage } from './storage/file-storage.js';

/** What every module is built from. */
export interface SharedDeps {
  db: Db;
  config: Config;
  storage: FileStorage;
  log: FastifyBaseLogger;
  jobs: Jobs;
  /** Declares a list's export route and its job kind. */
  listExports: ListExports;
}

/**
 * A business module as the app sees it: its routes and its upkeep. Each module's entry
 * (`<module>.module.ts`) builds its services from the shared dependencies and answers one of these.
 */
export interface PortalModule {
  /** Registers routes under `/api`; each route declares its access (a session by default). */
  api?: (scope: FastifyInstance) => Promise<void>;
  /** Registers routes under `/api/:tenant`, where the access hook checks the tenant and the role. */
  tenant?: (scope: FastifyInstance) => Promise<void>;
  /** The kinds of job the module runs (`platform/jobs`). */
  jobKinds?: JobKind[];
  /** Tables the module keeps small. */
  sweeps?: Sweep[];
  /**
   * Takes an HTTP upgrade (a WebSocket) on a path it serves and answers true; false leaves it to the
   * other modules. An upgrade no module takes is refused.
   */
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  /**
   * Ends the connections `upgrade` took, and answers the requests the module holds open (long polls).
   * Called before the HTTP server closes, which waits for every open socket: a WebSocket left open would
   * hold the shutdown until its peer hung up.
   */
  closeUpgrades?: () => Promise<void>;
  /** Background work to start once the server is ready. */
  start?: () => Promise<void>;
  /** Background work to stop when the server closes. */
  close?: () => Promise<void>;
}

/**
 * What a process of the portal does: serve requests (and run its share of the jobs), or only run the jobs
 * it is given, as the job process does (its routes are registered only for the job kinds they declare).
 */
export type PortalRole = 'server' | 'jobs';

/**
 * Registers the modules' routes, job kinds, sweeps and closing work, in the order given; the job runner
 * starts once the server is ready and stops, after its current chunk, before the modules close. The job
 * process starts nothing but its runner: the background work of the modules is the server's.
 */
export async function registerModules(
  app: FastifyInstance,
  jobs: Jobs,
  modules: PortalModule[],
  role: PortalRole = 'server',
): Promise<void> {
  for (const kind of modules.flatMap((module) => module.jobKinds ?? [])) jobs.register(kind);
  await app.register(
    async (api) => {
      for (const module of modules) await module.api?.(api);
    },
    { prefix: '/api' },
  );
  await app.register(
    async (tenantScope) => {
      for (const module of modules) await module.tenant?.(tenantScope);
    },
    { prefix: TENANT_PREFIX },
  );
  if (role === 'jobs') {
    app.addHook('onReady', async () => jobs.runner.start());
    app.addHook('onClose', async () => jobs.runner.stop());
    return;
  }
  registerHousekeeping(
    app,
    modules.flatMap((module) => module.sweeps ?? []),
  );
  const upgrades = modules.flatMap((module) => (module.upgrade ? [module.upgrade] : []));
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!upgrades.some((upgrade) => upgrade(request, socket, head))) socket.destroy();
  });
  app.addHook('onReady', async () => {
    for (const module of modules) await module.start?.();
    jobs.runner.start();
  });
  app.addHook('preClose', async () => {
    for (const module of modules) await module.closeUpgrades?.();
  });
  app.addHook('onClose', async () => {
    await jobs.runner.stop();
    for (const module of modules) await module.close?.();
  });
}
