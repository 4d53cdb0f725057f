import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { REPO_ROOT } from '../server-root.js';
import { sourceStamp } from '../source-stamp.js';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';

/**
 * Creating an embedded database runs PGlite's initdb (about 2 s and 850 MB of memory on the CI machine)
 * and then every migration. Both give the same files every time, so they run once per version of PGlite
 * and of the migrations, and a new data directory (or a test's in-memory database) starts from a copy.
 * The prepared directories live with the installed packages: a fresh install prepares them anew.
 */
export const TEMPLATE_CACHE = path.join(REPO_ROOT, 'node_modules/.cache/cmp-portal');
/** The database's files inside a data directory; a template is a data directory too. */
export const PGDATA = 'pgdata';
/** The same files as a tar, which PGlite loads into memory without touching the disk (the tests). */
const TARBALL = 'pgdata.tar';
// Older prepared directories (and builds a killed process left) are removed once a newer one is built,
// unless one might still be copied or built.
const PRUNE_AFTER_MS = 60 * 60_000;

// The package exports no package.json; it sits one level above the entry (dist/).
const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '../package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
};

/** What an empty database is made of: PGlite's version and the migrations. */
export const schemaStamp = (): string =>
  `${pgliteVersion()}-${sourceStamp(MIGRATIONS_FOLDER, ['.']).slice(0, 16)}`;

/**
 * The data directory of an empty, fully migrated database, prepared on first use. Returns its path;
 * `pgdata.tar` beside `pgdata` holds the same files.
 */
export function schemaTemplate(): Promise<string> {
  return preparedDirectory(TEMPLATE_CACHE, 'schema', schemaStamp(), async (dir) => {
    // initdb is about four times faster in memory than on the disk; the directory is loaded from its tar.
    const building = await PGlite.create();
    await migrate(drizzle({ client: building }), { migrationsFolder: MIGRATIONS_FOLDER });
    const tarball = await building.dumpDataDir('none');
    await building.close();
    fs.writeFileSync(path.join(dir, TARBALL), new Uint8Array(await tarball.arrayBuffer()));
    const onDisk = await PGlite.create({ dataDir: path.join(dir, PGDATA), loadDataDir: tarball });
    await onDisk.close();
  });
}

/** The empty database's files, for an in-memory PGlite (`loadDataDir`). */
export async function schemaTarball(): Promise<Blob> {
  const dir = await schemaTemplate();
  return new Blob([fs.readFileSync(path.join(dir, TARBALL))]);
}

/** Files copied at once: as many as libuv's pool has threads, which do the copying. */
const COPIES_AT_ONCE = 4;

/**
 * Copies a template data directory into `dataDir`, which holds no database yet. Through a temporary
 * name, so that a start stopped half-way leaves no half database behind. Files are cloned where the
 * file system can (copy on write), else copied, several at once on libuv's pool: the event loop is free
 * meanwhile (a start loads the server's modules while its demo database, about 300 MB, is copied).
 */
export async function copyTemplate(template: string, dataDir: string): Promise<void> {
  for (const entry of fs.readdirSync(template)) {
    if (entry === TARBALL) continue;
    const target = path.join(dataDir, entry);
    const partial = `${target}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    const source = path.join(template, entry);
    const files: string[] = [];
    if (fs.statSync(source).isDirectory()) {
      for (const dirent of fs.readdirSync(source, { recursive: true, withFileTypes: true })) {
        const relative = path.relative(source, path.join(dirent.parentPath, dirent.name));
        if (dirent.isDirectory()) fs.mkdirSync(path.join(partial, relative), { recursive: true });
        else files.push(relative);
      }
      fs.mkdirSync(partial, { recursive: true });
    } else {
      files.push('');
    }
    let next = 0;
    const copier = async () => {
      for (let file = files[next++]; file !== undefined; file = files[next++]) {
        await fs.promises.copyFile(
          path.join(source, file),
          path.join(partial, file),
          fs.constants.COPYFILE_FICLONE,
        );
      }
    };
    await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copier));
    fs.renameSync(partial, target);
  }
}

/**
 * `cache/<kind>-<stamp>`, built by `build` into a temporary directory and renamed into place when
 * complete, so a reader never sees half of one and two processes building at once both succeed (the
 * second's rename fails and its copy is dropped). Builds of other stamps of the same kind are pruned.
 */
export async function preparedDirectory(
  cache: string,
  kind: string,
  stamp: string,
  build: (dir: string) => Promise<void>,
): Promise<string> {
  const dir = path.join(cache, `${kind}-${stamp}`);
  if (fs.existsSync(dir)) return dir;
  fs.mkdirSync(cache, { recursive: true });
  const building = fs.mkdtempSync(path.join(cache, `.${kind}-`));
  try {
    await build(building);
    fs.renameSync(building, dir);
  } catch (error) {
    if (!fs.existsSync(dir)) throw error;
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  pruneOlder(cache, kind, dir);
  return dir;
}

function pruneOlder(cache: string, kind: string, current: string): void {
  for (const entry of fs.readdirSync(cache)) {
    const dir = path.join(cache, entry);
    if (dir === current || !(entry.startsWith(`${kind}-`) || entry.startsWith(`.${kind}-`))) continue;
    if (Date.now() - fs.statSync(dir).mtimeMs > PRUNE_AFTER_MS)
      fs.rmSync(dir, { recursive: true, force: true });
  }
}
