import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './platform/db/database.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';
import { ensureFirstAdmin, ADMIN_USER_NAME } from './modules/staff/first-admin.service.js';
import { loadDemoData } from './demo/index.js';
import { demoTemplate, useDemoPassword } from './demo/demo-template.js';
import { LocalFileStorage } from './platform/storage/file-storage.js';
import { registerDemoChargers } from './demo/demo-chargers.js';
import { startSimulatorProcess, type SimulatorProcess } from './ocpp-sim/simulator-process.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  // A new embedded data directory with demo data starts as a copy of the prepared demo database.
  const demoCopy = config.demoData
    ? () =>
        demoTemplate({
          size: config.demoSize,
          password: config.demoPassword,
          chargers: config.demoChargers,
        })
    : undefined;
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir, template: demoCopy },
  );
  await database.migrate();
  // One storage for the app and the demo data, so the demo's pictures are served like uploads.
  const storage = new LocalFileStorage(path.join(config.dataDir, 'files'));
  const app = await buildApp({ config, database, storage });

  const admin = await ensureFirstAdmin(database.db, config.adminPassword);
  if (admin.created && config.demoData) {
    const demoStarted = performance.now();
    const fromTemplate = database.created && demoCopy !== undefined;
    if (fromTemplate) await useDemoPassword(database.db, config.demoPassword);
    else await loadDemoData(database.db, { size: config.demoSize, password: config.demoPassword, storage });
    app.log.info(
      { size: config.demoSize, ms: Math.round(performance.now() - demoStarted), fromTemplate },
      'demo data loaded',
    );
  }

  let closing = false;
  let simulators: SimulatorProcess | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The chargers go first, so they do not spend the shutdown reconnecting.
    await simulators?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = `${address.replace('0.0.0.0', '127.0.0.1')}/cmp-app`;
  // Printed on stdout, not through the logger: people and the browser tests read these lines.
  const lines = [
    `Portal ready at ${url}`,
    `  database: ${database.driver}${database.driver === 'pglite' ? ` in ${config.dataDir}` : ''}`,
  ];
  if (admin.password) {
    lines.push(
      `  first sign-in: user "${ADMIN_USER_NAME}", one-time password ${admin.password} (you will be asked to change it)`,
    );
  } else if (admin.created) {
    lines.push(
      `  first sign-in: user "${ADMIN_USER_NAME}" with ADMIN_PASSWORD (you will be asked to change it)`,
    );
  }
  if (config.demoData && config.demoChargers > 0) {
    lines.push(`  simulated chargers: ${config.demoChargers} (DEMO_CHARGERS), connecting`);
  }
  if (admin.created && config.demoData) {
    lines.push(
      `  demo accounts: nio-admin, nio-operator, nio-viewer, pe-*, rsc-*, ops-all; password from DEMO_PASSWORD`,
    );
  }
  lines.push(`  ready in ${Math.round(performance.now() - startedAt)} ms`);
  process.stdout.write(lines.join('\n') + '\n');

  // After ready: registering them reads the network's chargers, and they connect over the socket anyway.
  if (config.demoData && config.demoChargers > 0) {
    const { port } = app.server.address() as AddressInfo;
    const specs = await registerDemoChargers(database.db, config.demoChargers);
    if (!closing) {
      simulators = startSimulatorProcess(specs, {
        endpoint: `ws://127.0.0.1:${port}/ocpp`,
        autoSessions: true,
      });
    }
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The portal could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
