import { asc } from 'drizzle-orm';
import { MANUAL_TAG_DEGREE } from '@cmp/domain/tags/tag-updates';
import { MONTHLY_TOP_TEN_TAG, TAG_CATALOGUE } from '@cmp/domain/tags/tag-catalog-groups';
import { insertMissingCatalogue } from '../modules/tags/tags.repo.js';
import { resourceTags, tags } from '../modules/tags/tags.tables.js';
import { chargeStations, swapStations } from '../modules/stations/stations.tables.js';
import { insertJsonRows } from './bulk-insert.js';
import type { DemoContext } from './demo-context.js';
import { pick } from './random.js';

/** Values the algorithms measured: above the degree staff write at, so they lock on stations not run by their owner. */
const MEASURED_DEGREE = 2;
const TOP_TEN = 10;

/** A choice by weight: `[value, weight]` pairs whose weights add up to 1. */
function weighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  let draw = random();
  for (const [value, weight] of choices) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return choices.at(-1)![0];
}

/**
 * Tags of the demo network, as a live network has them: the algorithms measured the charging tag, the success
 * rate and the highest current at most DC stations; staff set access, busy hours, fault ratios and reasons to
 * recommend at some; ten swap stations are this month's best.
 */
export async function seedTags({ tx, random }: DemoContext): Promise<void> {
  // The app seeds the catalogue at start; a database filled without the app (benches, tests) has none yet.
  await insertMissingCatalogue(tx, TAG_CATALOGUE);
  const tagIds = new Map(
    (await tx.select({ tagId: tags.tagId, code: tags.code }).from(tags)).map((row) => [row.code, row.tagId]),
  );
  const rows: (typeof resourceTags.$inferInsert)[] = [];
  const add = (resourceId: string, code: string, degree: number, value?: string) => {
    const tagId = tagIds.get(code);
    if (tagId === undefined) throw new Error(`the tag catalogue has no ${code}`);
    rows.push({ resourceId, tagId, degree, ...(value === undefined ? {} : { value }) });
  };
  const charge = await tx
    .select({ resourceId: chargeStations.resourceId, chargerType: chargeStations.chargerType })
    .from(chargeStations)
    .orderBy(asc(chargeStations.resourceId));
  for (const { resourceId, chargerType } of charge) {
    const dc = chargerType === 'DC';
    if (dc && random() < 0.45) {
      const tag = weighted(random, [
        ['nio_super_charging', 0.25],
        ['nio_fast_charging', 0.6],
        ['nio_slow_charging', 0.15],
      ] as const);
      add(resourceId, tag, MEASURED_DEGREE);
    }
    if (random() < 0.6) {
      const tag = weighted(random, [
        ['succ_prob_high', 0.7],
        ['succ_prob_medium', 0.22],
        ['succ_prob_low', 0.08],
      ] as const);
      add(resourceId, tag, MEASURED_DEGREE);
    }
    if (random() < 0.5) {
      const amperes = dc ? pick(random, [125, 200, 250, 300, 350]) : pick(random, [16, 32]);
      add(resourceId, 'max_charging_speed', MEASURED_DEGREE, String(amperes));
    }
    if (random() < 0.3) {
      const tag = weighted(random, [
        ['available_public', 0.8],
        ['available_limited', 0.12],
        ['available_members', 0.06],
        ['available_suspended', 0.02],
      ] as const);
      add(resourceId, tag, MANUAL_TAG_DEGREE);
    }
    if (random() < 0.1) {
      const busy = pick(random, ['07:30~09:30,17:30~19:30', '11:30~13:30', '18:00~21:00', '08:00~10:00']);
      add(resourceId, 'occupy_time', MANUAL_TAG_DEGREE, busy);
    }
    if (random() < 0.15) {
      add(resourceId, 'fault_ratio', MANUAL_TAG_DEGREE, (Math.floor(random() * 12) / 100 + 0.01).toFixed(2));
    }
    if (random() < 0.15) {
      const tag = pick(random, [
        'recommend_lounge',
        'recommend_food',
        'recommend_quiet',
        'recommend_all_day',
      ]);
      add(resourceId, tag, MANUAL_TAG_DEGREE);
    }
  }
  const swap = await tx
    .select({ resourceId: swapStations.resourceId })
    .from(swapStations)
    .orderBy(asc(swapStations.resourceId));
  const best = new Set<string>();
  while (best.size < Math.min(TOP_TEN, swap.length)) best.add(pick(random, swap).resourceId);
  for (const resourceId of best) add(resourceId, MONTHLY_TOP_TEN_TAG, MANUAL_TAG_DEGREE);
  await insertJsonRows(tx, resourceTags, rows);
}
