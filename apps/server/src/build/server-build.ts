import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT, SERVER_ROOT } from '../platform/server-root.js';
import { BUILD_STAMP_FILE, serverSourceStamp } from '../platform/source-stamp.js';

/**
 * The server as plain JavaScript that `node` starts without compiling anything: its sources and the domain
 * package's bundled into a few files in `apps/server/dist`, every other package left to node_modules.
 */
export const SERVER_DIST = path.join(SERVER_ROOT, 'dist');

/** The programs of the build, each a file of its own in dist (the worker, the jobs and the chargers run apart). */
const ENTRY_POINTS = {
  start: 'src/start.ts',
  main: 'src/main.ts',
  'jobs-main': 'src/jobs-main.ts',
  'run-simulators': 'src/ocpp-sim/run-simulators.ts',
  'kd-sort.worker': 'src/modules/road-books/planning/kd-sort.worker.js',
  'recipient-sheet.worker': 'src/platform/spreadsheet/recipient-sheet.worker.js',
};

const DOMAIN_SOURCES = path.join(REPO_ROOT, 'packages/domain/src');

/**
 * Bare imports stay imports of node_modules, but for the domain package, whose TypeScript is bundled in
 * from this repository's sources (its exports map `@cmp/domain/x` to `src/x.ts`).
 */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
      if (specifier === '@cmp/domain') return { path: path.join(DOMAIN_SOURCES, 'index.ts') };
      if (specifier.startsWith('@cmp/domain/')) {
        return { path: path.join(DOMAIN_SOURCES, `${specifier.slice('@cmp/domain/'.length)}.ts`) };
      }
      return { path: specifier, external: true };
    });
  },
};

/**
 * Builds into a fresh folder and then puts it in place of dist, so a start never runs half a build; the
 * stamp says which sources it was built from.
 */
export async function buildServer(stamp: string = serverSourceStamp()): Promise<void> {
  const building = `${SERVER_DIST}.${process.pid}.building`;
  fs.rmSync(building, { recursive: true, force: true });
  await build({
    absWorkingDir: SERVER_ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: building,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    plugins: [packagesOutside],
  });
  fs.writeFileSync(path.join(building, BUILD_STAMP_FILE), `${stamp}\n`);
  const previous = `${SERVER_DIST}.${process.pid}.previous`;
  if (fs.existsSync(SERVER_DIST)) fs.renameSync(SERVER_DIST, previous);
  fs.renameSync(building, SERVER_DIST);
  fs.rmSync(previous, { recursive: true, force: true });
}
