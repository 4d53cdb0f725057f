import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
