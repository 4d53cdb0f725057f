import { ilike, like, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%`, `_` and `\` typed in a search are matched as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The column holds the text anywhere, in any case. */
export const contains = (column: AnyPgColumn | SQL, text: string): SQL =>
  ilike(column, `%${escapeLike(text)}%`);

/**
 * The column starts with the text. LIKE, not ILIKE, so a `text_pattern_ops` index serves it; Chinese
 * names have no case anyway.
 */
export const startsWith = (column: AnyPgColumn | SQL, text: string): SQL =>
  like(column, `${escapeLike(text)}%`);
