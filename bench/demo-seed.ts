/**
 * Load time of the demo station network (`seedStationNetwork`) on an in-memory PGlite, as the benchmarks
 * and `npm start` seed it: one transaction, 9 % swap stations.
 *
 *   npx tsx bench/demo-seed.ts [stations ...]      (default: 10000 100000)
 *
 * Reports wall time, the process's CPU time (PGlite runs in this process, so CPU time is the load's own
 * cost even when other work shares the machine) and the rows written.
 */
import os from 'node:os';
import { seededRandom } from '../apps/server/src/demo/random.js';
import { seedStationNetwork } from '../apps/server/src/demo/stations.demo.js';
import { openDatabase } from '../apps/server/src/platform/db/database.js';

const sizes = process.argv.slice(2).map(Number);
const AS_OF = new Date('2026-11-22T00:00:00+08:00');

console.log(`demo network on PGlite in memory (${os.cpus().length} cores, Node ${process.version})`);
console.log('| stations | wall | CPU | chargers | plugs | worksheets | notifications |');
console.log('|---|---|---|---|---|---|---|');
for (const stations of sizes.length > 0 ? sizes : [10_000, 100_000]) {
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  const swapStations = Math.round(stations * 0.09);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const network = await database.db.transaction((tx) =>
    seedStationNetwork(tx, seededRandom(20261121), {
      chargeStations: stations - swapStations,
      swapStations,
      now: AS_OF,
    }),
  );
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const wallSeconds = (performance.now() - started) / 1000;
  console.log(
    `| ${stations.toLocaleString('en-US')} | ${wallSeconds.toFixed(1)} s | ${cpuSeconds.toFixed(1)} s | ` +
      `${network.equipments.toLocaleString('en-US')} | ${network.connectors.toLocaleString('en-US')} | ` +
      `${network.worksheets.toLocaleString('en-US')} | ${network.notifications.toLocaleString('en-US')} |`,
  );
  await database.close();
}
