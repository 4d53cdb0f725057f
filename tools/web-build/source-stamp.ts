import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** Written into the build by `build-web.ts`; any other build of apps/web empties dist and so removes it. */
export const STAMP_FILE = '.source-stamp';

// What the web client's build reads: its own sources and config, the domain package it bundles, and the
// lockfile for the versions of everything else.
const SOURCE_ROOTS = ['apps/web', 'packages/domain'];
const SOURCE_FILES = ['package-lock.json'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist']);
// Tests are never part of the bundle: changing one does not make the build stale.
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function filesUnder(root: string, directory: string): string[] {
  return fs.readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : filesUnder(root, relative);
    return entry.isFile() && !TEST_FILE.test(entry.name) ? [relative] : [];
  });
}

/** A hash of every file the build reads, by path and content: the same sources give the same stamp. */
export function sourceStamp(root = REPO_ROOT): string {
  const files = [
    ...SOURCE_ROOTS.flatMap((directory) => filesUnder(root, directory)),
    ...SOURCE_FILES.filter((file) => fs.existsSync(path.join(root, file))),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `dist` holds a complete build of exactly these sources. */
export function isCurrent(dist: string, stamp: string): boolean {
  const stampFile = path.join(dist, STAMP_FILE);
  return (
    fs.existsSync(path.join(dist, 'index.html')) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8').trim() === stamp
  );
}
