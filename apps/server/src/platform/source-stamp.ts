import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SERVER_ROOT } from './server-root.js';

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist']);
// Tests are never part of what is built from the sources: changing one does not make a build stale.
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function filesUnder(root: string, directory: string): string[] {
  return fs.readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : filesUnder(root, relative);
    return entry.isFile() && !TEST_FILE.test(entry.name) ? [relative] : [];
  });
}

/**
 * A hash of every file under `directories` (tests, node_modules and dist left out) and of `files`, by path
 * and content: the same sources give the same stamp. What is built from them (the web client, a prepared
 * database) carries the stamp and is rebuilt when it differs.
 */
export function sourceStamp(root: string, directories: string[], files: string[] = []): string {
  const all = [
    ...directories.flatMap((directory) => filesUnder(root, directory)),
    ...files.filter((file) => fs.existsSync(path.join(root, file))),
  ].sort();
  const hash = createHash('sha256');
  for (const file of all) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The file in the server's build folder that holds the stamp of the sources it was built from. */
export const BUILD_STAMP_FILE = '.source-stamp';

// What the server's build reads: the server's sources (its builder and launcher too), the domain's, the web
// build's staleness check the launcher bundles, and the versions of the packages left to node_modules.
const SERVER_SOURCE_ROOTS = ['apps/server/src', 'packages/domain/src', 'tools/web-build'];
const SERVER_SOURCE_FILES = ['package-lock.json', 'apps/server/package.json'];

export const serverSourceStamp = (): string =>
  sourceStamp(REPO_ROOT, SERVER_SOURCE_ROOTS, SERVER_SOURCE_FILES);

/**
 * The stamp of the server's code, which what the code makes and keeps (the demo database) carries. Running
 * from the build, the stamp the build was made with, which the launcher has just checked against the
 * sources; from the sources, their hash: the same value when the build is current.
 */
export function serverCodeStamp(fromSources: boolean): string {
  return (!fromSources && builtServerStamp()) || serverSourceStamp();
}

/** The stamp of the sources the server's build (apps/server/dist) was made from; none without a build. */
export function builtServerStamp(): string | undefined {
  const stampFile = path.join(SERVER_ROOT, 'dist', BUILD_STAMP_FILE);
  return fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : undefined;
}
