import type { Db } from '../platform/db/database.js';
import type { DemoSize } from './demo-context.js';
import { seededRandom } from './random.js';
import { seedStaff } from './staff.demo.js';

export interface DemoOptions {
  size: DemoSize;
  seed?: number;
  /** Password of every demo account. */
  password: string;
}

/** Seeders in dependency order; each later area appends its own. */
const SEEDERS = [seedStaff];

/** Loads deterministic demo data: the same seed and size always produce the same rows. */
export async function loadDemoData(db: Db, options: DemoOptions): Promise<void> {
  const random = seededRandom(options.seed ?? 20261121);
  await db.transaction(async (tx) => {
    for (const seed of SEEDERS) await seed({ tx, random, size: options.size, password: options.password });
  });
}
