import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { TENANT_PREFIX } from './auth/access-hook.js';
import type { Db } from './db/database.js';
import { registerHousekeeping, type Sweep } from './housekeeping.js';
import type { FileStorage } from './storage/file-storage.js';

/** What every module is built from. */
export interface SharedDeps {
  db: Db;
  config: Config;
  storage: FileStorage;
  log: FastifyBaseLogger;
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
  /** Tables the module keeps small. */
  sweeps?: Sweep[];
  /** Background work to stop when the server closes. */
  close?: () => Promise<void>;
}

/** Registers the modules' routes, sweeps and closing work, in the order given. */
export async function registerModules(app: FastifyInstance, modules: PortalModule[]): Promise<void> {
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
  registerHousekeeping(
    app,
    modules.flatMap((module) => module.sweeps ?? []),
  );
  app.addHook('onClose', async () => {
    for (const module of modules) await module.close?.();
  });
}
