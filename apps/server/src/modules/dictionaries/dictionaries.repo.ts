import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { dictEntries, dictTypes } from './dictionaries.tables.js';

export type DictTypeRow = typeof dictTypes.$inferSelect;
export type DictEntryRow = typeof dictEntries.$inferSelect;

export async function findDictType(db: DbOrTx, code: string): Promise<DictTypeRow | undefined> {
  const [row] = await db.select().from(dictTypes).where(eq(dictTypes.code, code));
  return row;
}

export async function findDictTypeById(db: DbOrTx, dictTypeId: number): Promise<DictTypeRow | undefined> {
  const [row] = await db.select().from(dictTypes).where(eq(dictTypes.dictTypeId, dictTypeId));
  return row;
}

export function listEntries(db: DbOrTx, dictTypeId: number): Promise<DictEntryRow[]> {
  return db
    .select()
    .from(dictEntries)
    .where(eq(dictEntries.dictTypeId, dictTypeId))
    .orderBy(asc(dictEntries.sort), asc(dictEntries.dictId));
}

/** Every type with how many entries it has and how many of them are enabled, by code. */
export function listDictTypes(db: DbOrTx) {
  return db
    .select({
      dictTypeId: dictTypes.dictTypeId,
      code: dictTypes.code,
      name: dictTypes.name,
      description: dictTypes.description,
      entryCount: sql<number>`count(${dictEntries.dictId})::int`,
      enabledCount: sql<number>`count(${dictEntries.dictId}) filter (where ${dictEntries.status} = 1)::int`,
    })
    .from(dictTypes)
    .leftJoin(dictEntries, eq(dictEntries.dictTypeId, dictTypes.dictTypeId))
    .groupBy(dictTypes.dictTypeId)
    .orderBy(asc(dictTypes.code));
}

export async function findEntry(db: DbOrTx, dictId: number): Promise<DictEntryRow | undefined> {
  const [row] = await db.select().from(dictEntries).where(eq(dictEntries.dictId, dictId));
  return row;
}

/** Inserts the entry unless its type has the code; answers the row, or undefined when the code is taken. */
export async function insertEntry(
  db: DbOrTx,
  values: Omit<typeof dictEntries.$inferInsert, 'dictId'>,
): Promise<DictEntryRow | undefined> {
  const [row] = await db
    .insert(dictEntries)
    .values(values)
    .onConflictDoNothing({ target: [dictEntries.dictTypeId, dictEntries.code] })
    .returning();
  return row;
}

export async function updateEntry(
  db: DbOrTx,
  dictId: number,
  values: Partial<Pick<DictEntryRow, 'name' | 'nameEn' | 'sort' | 'status' | 'description'>>,
): Promise<DictEntryRow> {
  const [row] = await db.update(dictEntries).set(values).where(eq(dictEntries.dictId, dictId)).returning();
  return row!;
}

/** Entries of a type by code, whatever their status; no type or no codes gives none. */
export function findEntries(db: DbOrTx, dictTypeCode: string, codes?: readonly string[]) {
  const conditions = [eq(dictTypes.code, dictTypeCode)];
  if (codes) conditions.push(inArray(dictEntries.code, [...codes]));
  return db
    .select({ code: dictEntries.code, name: dictEntries.name, status: dictEntries.status })
    .from(dictEntries)
    .innerJoin(dictTypes, eq(dictTypes.dictTypeId, dictEntries.dictTypeId))
    .where(and(...conditions));
}

/** Inserts the type unless its code exists; answers its id either way. */
export async function ensureDictType(
  db: DbOrTx,
  values: Pick<typeof dictTypes.$inferInsert, 'code' | 'name' | 'description'>,
): Promise<number> {
  await db.insert(dictTypes).values(values).onConflictDoNothing({ target: dictTypes.code });
  const row = await findDictType(db, values.code);
  return row!.dictTypeId;
}

/** Inserts the entries whose code the type does not have yet; answers the codes inserted. */
export async function insertMissingEntries(
  db: DbOrTx,
  dictTypeId: number,
  entries: Omit<typeof dictEntries.$inferInsert, 'dictTypeId' | 'dictId'>[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const inserted = await db
    .insert(dictEntries)
    .values(entries.map((entry) => ({ ...entry, dictTypeId })))
    .onConflictDoNothing({ target: [dictEntries.dictTypeId, dictEntries.code] })
    .returning({ code: dictEntries.code });
  return inserted.map((row) => row.code);
}
