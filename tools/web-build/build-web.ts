/**
 * Builds the web client into apps/web/dist and stamps the build with a hash of its sources.
 *
 *   node --import tsx tools/web-build/build-web.ts             always builds (browser tests, CI)
 *   node --import tsx tools/web-build/build-web.ts --if-stale  builds only when dist is missing or its
 *                                                              stamp differs from the sources (npm start)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isCurrent, REPO_ROOT, webSourceStamp, STAMP_FILE, WEB_DIST } from './source-stamp';

const onlyIfStale = process.argv.includes('--if-stale');
// Taken before the build: a source edited while it runs makes the next start build again.
const stamp = webSourceStamp();

if (onlyIfStale && isCurrent(WEB_DIST, stamp)) {
  console.log('web client is current (apps/web/dist matches its sources): not rebuilding');
} else {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  fs.writeFileSync(path.join(WEB_DIST, STAMP_FILE), `${stamp}\n`);
}
