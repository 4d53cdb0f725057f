import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './platform/db/database.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';
import { LISTEN_BACKLOG } from './platform/http/listen-backlog.js';

/**
 * The server's modules, loaded while the database opens: a first start copies the demo database (about
 * 300 MB) on libuv's pool meanwhile, so the two take the time of the longer rather than of both.
 */
const loadServer = () =>
  Promise.all([
    import('./app.js'),
    import('./modules/staff/first-admin.service.js'),
    import('./platform/jobs/job-process.js'),
    import('./platform/storage/file-storage.js'),
    import('./demo/demo-chargers.js'),
    import('./ocpp-sim/simulator-process.js'),
  ]);

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  // The demo's template (a small module) first: a new data directory's copy can then start before the
  // server's modules, which load while it runs.
  const demo = config.demoData ? await import('./demo/demo-template.js') : undefined;
  const loading = loadServer();
  // A failure to load is met where it is awaited; the database's own error, if any, comes first.
  loading.catch(() => undefined);
  // A new embedded data directory with demo data starts as a copy of the prepared demo database.
  const demoCopy =
    demo &&
    (() =>
      demo.demoTemplate({
        size: config.demoSize,
        password: config.demoPassword,
        chargers: config.demoChargers,
      }));
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir, template: demoCopy },
  );
  await database.migrate();
  const [
    { buildApp },
    { ensureFirstAdmin, ADMIN_USER_NAME },
    { JobProcess },
    { LocalFileStorage },
    { registerDemoChargers },
    { startSimulatorProcess },
  ] = await loading;
  // One storage for the app and the demo data, so the demo's pictures are served like uploads.
  const storage = new LocalFileStorage(path.join(config.dataDir, 'files'));
  const jobProcess = database.driver === 'postgres' && config.jobProcess ? new JobProcess() : undefined;
  // A copy of the demo database has its demo accounts already; only their password may differ.
  const fromTemplate = database.created && demoCopy !== undefined;
  // The passwords hash on libuv's pool while the modules build on the event loop.
  const [app, admin] = await Promise.all([
    buildApp({ config, database, storage, jobPlacement: jobProcess?.placement }),
    ensureFirstAdmin(database.db, config.adminPassword),
    fromTemplate && demo?.useDemoPassword(database.db, config.demoPassword),
  ]);
  if (admin.created && config.demoData && !fromTemplate) {
    const demoStarted = performance.now();
    const { loadDemoData } = await import('./demo/index.js');
    await loadDemoData(database.db, { size: config.demoSize, password: config.demoPassword, storage });
    app.log.info(
      { size: config.demoSize, ms: Math.round(performance.now() - demoStarted) },
      'demo data loaded',
    );
  }

  let closing = false;
  let simulators: ReturnType<typeof startSimulatorProcess> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const jobsStopped = jobProcess?.stop();
    // The chargers go first, so they do not spend the shutdown reconnecting.
    await simulators?.stop();
    await jobsStopped;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
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
  jobProcess?.start(config, app.log);

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
