/**
 * Start-up benchmark of the portal on the embedded database: time to ready and memory, on a first
 * start (empty data directory: a copy of the prepared demo database) and on a restart of the same
 * directory. First it prepares the databases as `npm install` does (nothing to do when they are current)
 * and prints how long that took.
 *
 *   npx tsx bench/startup.ts [runs=3]
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../apps/server/src/main.ts');
const PREPARE = path.resolve(import.meta.dirname, '../apps/server/src/prepare-templates.ts');
const runs = Number(process.argv[2] ?? 3);

interface Sample {
  readyMs: number;
  wallMs: number;
  /** CPU the process used from spawn to ready: what the start costs whatever else the machine runs. */
  cpuMs: number;
  rssMb: number;
  healthMs: number;
}

/** User and system time of a process, from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(dataDir: string): Promise<Sample> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'on',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const ready = await new Promise<{ url: string; readyMs: number }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Portal ready at (\S+)\/cmp-app/.exec(output)?.[1];
      const readyMs = /ready in (\d+) ms/.exec(output)?.[1];
      if (url && readyMs) resolve({ url, readyMs: Number(readyMs) });
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`)),
    );
  });
  const wallMs = performance.now() - started;
  const cpuMs = cpuMsOf(child.pid!);
  await new Promise((r) => setTimeout(r, 1000));
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  const healthStarted = performance.now();
  const health = await fetch(`${ready.url}/api/health`);
  const healthMs = performance.now() - healthStarted;
  if (health.status !== 200) throw new Error(`health answered ${health.status}`);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return { readyMs: ready.readyMs, wallMs, cpuMs, rssMb, healthMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (name: string, samples: Sample[]) =>
  `| ${name} | ${median(samples.map((s) => s.readyMs)).toFixed(0)} ms | ${median(samples.map((s) => s.wallMs)).toFixed(0)} ms | ${median(samples.map((s) => s.cpuMs)).toFixed(0)} ms | ${median(samples.map((s) => s.rssMb)).toFixed(0)} MB | ${median(samples.map((s) => s.healthMs)).toFixed(1)} ms |`;

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const prepareStarted = performance.now();
const prepared = spawnSync(process.execPath, ['--import', 'tsx', PREPARE], { encoding: 'utf8' });
console.log(
  `prepare (as after npm install): ${Math.round(performance.now() - prepareStarted)} ms wall; ${prepared.stdout.trim()}${prepared.stderr.trim()}`,
);

const loadBefore = loadAverage();
const first: Sample[] = [];
const restart: Sample[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-startup-'));
  try {
    first.push(await startOnce(dataDir));
    restart.push(await startOnce(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(
  `start-up on PGlite, median of ${runs} runs (${os.cpus().length} cores, Node ${process.version})`,
);
console.log(`load average before the runs: ${loadBefore}`);
console.log('| case | ready (main) | wall (spawn to ready) | CPU to ready | RSS | first GET /api/health |');
console.log('|---|---|---|---|---|---|');
console.log(row('first start: empty DATA_DIR, copy of the prepared small demo', first));
console.log(row('restart on the same DATA_DIR', restart));
