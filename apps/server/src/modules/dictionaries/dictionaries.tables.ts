import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const dictTypes = pgTable(
  'dict_types',
  {
    dictTypeId: serial('dict_type_id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('dict_types_code_key').on(t.code)],
);

export const dictEntries = pgTable(
  'dict_entries',
  {
    dictId: serial('dict_id').primaryKey(),
    dictTypeId: integer('dict_type_id')
      .notNull()
      .references(() => dictTypes.dictTypeId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The English label; null shows the portal's own label of a shipped entry, else the Chinese name. */
    nameEn: text('name_en'),
    /** 1 in use, 0 withdrawn (kept so old stations still show their label). */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    description: text('description'),
  },
  (t) => [
    uniqueIndex('dict_entries_type_code_key').on(t.dictTypeId, t.code),
    index('dict_entries_type_sort_idx').on(t.dictTypeId, t.sort),
  ],
);
