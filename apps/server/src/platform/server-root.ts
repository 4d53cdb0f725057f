import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from where this code runs: its sources (src/…) when
 * run through tsx or the tests, its build (dist/, one file) when `npm start` runs it. Files the server reads
 * at run time (migrations, region outlines) and the repository's folders are found from here.
 */
function serverRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@cmp/server'
    ) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no @cmp/server package above ${from}`);
  }
}

export const SERVER_ROOT = serverRoot(import.meta.dirname);
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
