import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import type { FileStorage } from '../platform/storage/file-storage.js';
import type { DemoSize } from './demo-context.js';
import { seededRandom } from './random.js';
import { demoRoadBooksService, seedRoadBooks } from './road-books.demo.js';
import { seedChargingPaths } from './charging-paths.demo.js';
import { seedStaff } from './staff.demo.js';
import { seedStations } from './stations.demo.js';
import { seedTags } from './tags.demo.js';
import { seedComments } from './comments.demo.js';
import { seedAccounts } from './accounts.demo.js';
import { seedAppClients } from './app-clients.demo.js';
import { seedInvitations } from './invitations.demo.js';
import { seedRelations } from './relations.demo.js';
import { seedCrowdsourcedStations } from './crowdsourced-stations.demo.js';
import { seedReportedStations } from './reported-stations.demo.js';
import { seedUserChargers } from './user-chargers.demo.js';
import { seedCoupons } from './coupons.demo.js';
import { seedActivities } from './activities.demo.js';
import { seedRewards } from './rewards.demo.js';
import { seedPosters } from './posters.demo.js';
import { seedShareTemplates } from './share-templates.demo.js';
import { seedGroupChats } from './group-chats.demo.js';
import { seedPushMessages } from './push-messages.demo.js';
import { seedForum } from './forum.demo.js';
import { seedCloudConfig } from './cloud-config.demo.js';
import { seedMall } from './mall.demo.js';
import { seedUpgradePackages } from './upgrade-packages.demo.js';

export interface DemoOptions {
  size: DemoSize;
  seed?: number;
  /** Password of every demo account. */
  password: string;
  /** Where the demo's files go: the storage the app serves files from. */
  storage: FileStorage;
  /** The moment the data is as of; now unless given. */
  now?: Date;
}

/** Seeders in dependency order; each later area appends its own. */
const SEEDERS = [
  seedStaff,
  seedStations,
  seedTags,
  seedAccounts,
  seedComments,
  seedRelations,
  seedAppClients,
  seedInvitations,
  seedReportedStations,
  seedCrowdsourcedStations,
  seedUserChargers,
  seedCoupons,
  seedActivities,
  seedRewards,
  seedPosters,
  seedShareTemplates,
  seedGroupChats,
  seedPushMessages,
  seedForum,
  seedCloudConfig,
  seedMall,
  seedUpgradePackages,
];

/**
 * Loads deterministic demo data: the same seed, size and `now` always produce the same rows (stored
 * file ids and road-book share tokens aside, which are random).
 */
export async function loadDemoData(db: Db, options: DemoOptions): Promise<void> {
  const random = seededRandom(options.seed ?? 20261121);
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    for (const seed of SEEDERS) {
      await seed({
        tx,
        random,
        size: options.size,
        password: options.password,
        now,
        storage: options.storage,
      });
    }
  });
  // PGlite runs no autovacuum, so without this the planner has no statistics for the freshly filled
  // tables and picks full scans (a station's chargers scanned over every plug of the network).
  await db.execute(sql`ANALYZE`);
  // Road books go through the road-book service, which plans and saves on its own connection: it needs
  // the stations committed.
  const roadBooks = demoRoadBooksService(db);
  await seedRoadBooks(db, roadBooks);
  // The app users' paths are planned on the same station index, and name the committed accounts.
  await seedChargingPaths(db, roadBooks, { random, size: options.size, now });
}
