import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { openDatabase } from '../platform/db/database.js';
import { preparedDirectory, schemaStamp, TEMPLATE_CACHE } from '../platform/db/pglite-template.js';
import { hashPassword, verifyPassword } from '../platform/auth/password.js';
import { serverCodeStamp } from '../platform/source-stamp.js';
import { LocalFileStorage } from '../platform/storage/file-storage.js';
import { staffUsers } from '../modules/staff/staff.tables.js';
import type { DemoSize } from './demo-context.js';

/** A demo account every demo holds, whose password all demo accounts share. */
const DEMO_ACCOUNT = 'nio-admin';

/**
 * Loading the demo data takes 20 s of CPU and over a gigabyte of memory, and gives the same rows for the
 * same code on the same day (the data is as of the day it is made: recent comments, coupons about to
 * expire). So it is loaded once into a prepared data directory, with the files it stores, and a new data
 * directory starts as a copy. The stamp is the server's and the domain's code, the schema and the day:
 * any change to what loads the demo, or a new day, prepares it again.
 */
export interface DemoTemplateOptions {
  size: DemoSize;
  password: string;
  /** Chargers registered for the simulator, so that a start finds them instead of picking them anew. */
  chargers: number;
}

export function demoTemplate({ size, password, chargers }: DemoTemplateOptions): Promise<string> {
  const now = new Date();
  const code = serverCodeStamp(import.meta.url.endsWith('.ts')).slice(0, 16);
  const day = now.toISOString().slice(0, 10);
  return preparedDirectory(TEMPLATE_CACHE, `demo-${size}`, `${day}-${schemaStamp()}-${code}`, async (dir) => {
    // Left to the defaults, the load keeps about 300 MB of write-ahead log for reuse, which every copy
    // would carry; with a small one the copies start at the size of their data.
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: dir,
      settings: { min_wal_size: '32MB', max_wal_size: '64MB' },
    });
    try {
      // Only when the template is made: a start that copies it need not load the demo's code first.
      const [{ loadDemoData }, { registerDemoChargers }] = await Promise.all([
        import('./index.js'),
        import('./demo-chargers.js'),
      ]);
      await loadDemoData(database.db, {
        size,
        password,
        storage: new LocalFileStorage(path.join(dir, 'files')),
        now,
      });
      await registerDemoChargers(database.db, chargers);
      // PostgreSQL's two template databases serve CREATE DATABASE, which the portal never runs, and are
      // 600 of the directory's 1,400 files: every start from the template copies every file, at about
      // 0.7 ms a file on a small virtual machine whatever its size.
      await database.db.execute(
        sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
      );
      await database.db.execute(sql`drop database template0`);
      await database.db.execute(sql`drop database template1`);
      await database.db.execute(sql`CHECKPOINT`);
    } finally {
      await database.close();
    }
  });
}

/**
 * Gives the demo accounts of a data directory copied from the demo template the password asked for,
 * when the template was made with another. One hash for all: they share one.
 */
export async function useDemoPassword(db: Db, password: string): Promise<void> {
  const [account] = await db
    .select({ passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.userName, DEMO_ACCOUNT));
  if (!account || (await verifyPassword(password, account.passwordHash))) return;
  await db
    .update(staffUsers)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(staffUsers.passwordHash, account.passwordHash));
}
