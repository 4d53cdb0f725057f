import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per failed sign-in; counted per user name and per address over a sliding window. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.key, t.failedAt)],
);
