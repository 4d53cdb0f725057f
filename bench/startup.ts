/**
 * Start-up benchmark of the portal on the embedded database, started the way the README says: `npm start`.
 * It times from spawning npm to the "Portal ready" line, the server's own "ready in" (from its process's
 * start), the CPU the processes used until then and the memory, on a first start (empty data directory: a
 * copy of the prepared demo database) and on a restart of the same directory. First it does what
 * `npm install` does after the packages are in (builds the server, prepares the databases; nothing to do
 * when they are current) and prints how long that took.
 *
 *   npx tsx bench/startup.ts [runs=3]
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 3);

interface Sample {
  readyMs: number;
  wallMs: number;
  /** CPU the process used from spawn to ready: what the start costs whatever else the machine runs. */
  cpuMs: number;
  rssMb: number;
  healthMs: number;
}

/** A process's parent, user time and system time (in ms), from /proc/<pid>/stat. */
function statOf(pid: number): { parent: number; cpuMs: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 4, 14 and 15 of proc(5); times are in clock ticks of 10 ms.
    return { parent: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return undefined;
  }
}

/** `pid` and every process below it: npm, its shell, the portal. */
function treeOf(pid: number): number[] {
  const all = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .map((each) => ({ pid: each, parent: statOf(each)?.parent }));
  const tree = [pid];
  for (let grew = true; grew;) {
    grew = false;
    for (const proc of all) {
      if (proc.parent !== undefined && tree.includes(proc.parent) && !tree.includes(proc.pid)) {
        tree.push(proc.pid);
        grew = true;
      }
    }
  }
  return tree;
}

const cpuMsOfTree = (pid: number) => treeOf(pid).reduce((sum, each) => sum + (statOf(each)?.cpuMs ?? 0), 0);
const rssMbOfTree = (pid: number) =>
  treeOf(pid).reduce((sum, each) => {
    try {
      const status = fs.readFileSync(`/proc/${each}/status`, 'utf8');
      return sum + Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return sum;
    }
  }, 0);

async function startOnce(dataDir: string): Promise<Sample> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    // A group of its own, so that stopping it stops npm and the portal under it.
    detached: true,
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
  const cpuMs = cpuMsOfTree(child.pid!);
  await new Promise((r) => setTimeout(r, 1000));
  const rssMb = rssMbOfTree(child.pid!);
  const healthStarted = performance.now();
  const health = await fetch(`${ready.url}/api/health`);
  const healthMs = performance.now() - healthStarted;
  if (health.status !== 200) throw new Error(`health answered ${health.status}`);
  const exited = new Promise((r) => child.on('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return { readyMs: ready.readyMs, wallMs, cpuMs, rssMb, healthMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (name: string, samples: Sample[]) =>
  `| ${name} | ${median(samples.map((s) => s.readyMs)).toFixed(0)} ms | ${median(samples.map((s) => s.wallMs)).toFixed(0)} ms | ${median(samples.map((s) => s.cpuMs)).toFixed(0)} ms | ${median(samples.map((s) => s.rssMb)).toFixed(0)} MB | ${median(samples.map((s) => s.healthMs)).toFixed(1)} ms |`;

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const prepareStarted = performance.now();
// What npm runs after it installed the packages (the root package's postinstall).
const prepared = spawnSync('npm', ['run', 'postinstall'], { cwd: REPO_ROOT, encoding: 'utf8' });
console.log(
  `build and prepare (as after npm install): ${Math.round(performance.now() - prepareStarted)} ms wall; ${prepared.stdout.trim()}${prepared.stderr.trim()}`,
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
console.log(
  '| case | ready (server, from its process start) | wall (`npm start` spawned to ready) | CPU to ready (npm and the portal) | RSS | first GET /api/health |',
);
console.log('|---|---|---|---|---|---|');
console.log(row('first start: empty DATA_DIR, copy of the prepared small demo', first));
console.log(row('restart on the same DATA_DIR', restart));
