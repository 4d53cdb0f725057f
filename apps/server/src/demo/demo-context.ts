import type { Tx } from '../platform/db/database.js';
import type { FileStorage } from '../platform/storage/file-storage.js';

export type DemoSize = 'small' | 'large';

/** What every area's demo seeder gets: one transaction, one seeded random source, the size. */
export interface DemoContext {
  tx: Tx;
  random: () => number;
  size: DemoSize;
  password: string;
  /** The moment the data is as of: times in the demo lie before it. */
  now: Date;
  /** Where uploaded files (station pictures) are stored. */
  storage: FileStorage;
}
