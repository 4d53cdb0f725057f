import type { Tx } from '../platform/db/database.js';

export type DemoSize = 'small' | 'large';

/** What every area's demo seeder gets: one transaction, one seeded random source, the size. */
export interface DemoContext {
  tx: Tx;
  random: () => number;
  size: DemoSize;
  password: string;
}
