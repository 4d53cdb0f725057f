import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../apps/server/src/platform/server-root';
import { sourceStamp } from '../../apps/server/src/platform/source-stamp';

// Found from the server package rather than from this file, which the server's launcher bundles into
// apps/server/dist.
export { REPO_ROOT };
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** Written into the build by `build-web.ts`; any other build of apps/web empties dist and so removes it. */
export const STAMP_FILE = '.source-stamp';

// What the web client's build reads: its own sources and config, the domain package it bundles, and the
// lockfile for the versions of everything else. Tests are left out: they are never part of the bundle.
const SOURCE_ROOTS = ['apps/web', 'packages/domain'];
const SOURCE_FILES = ['package-lock.json'];
/** A hash of every file the web client's build reads: the same sources give the same stamp. */
export const webSourceStamp = (root = REPO_ROOT): string => sourceStamp(root, SOURCE_ROOTS, SOURCE_FILES);

/** Whether `dist` holds a complete build of exactly these sources. */
export function isCurrent(dist: string, stamp: string): boolean {
  const stampFile = path.join(dist, STAMP_FILE);
  return (
    fs.existsSync(path.join(dist, 'index.html')) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8').trim() === stamp
  );
}

/**
 * Builds the web client into apps/web/dist and stamps it with the sources it was built from (taken by the
 * caller before the build: a source edited while it runs makes the next start build again).
 */
export function buildWeb(stamp: string, dist = WEB_DIST): void {
  // A server started by a test runner (NODE_ENV=test) rebuilds a stale client here too: Vite would bundle
  // what libraries do under test (antd's rc-util then gives every element the id 'test-id', so every dialog
  // took its name from the first one).
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error(`the web client's build failed (exit code ${built.status})`);
  fs.writeFileSync(path.join(dist, STAMP_FILE), `${stamp}\n`);
}
