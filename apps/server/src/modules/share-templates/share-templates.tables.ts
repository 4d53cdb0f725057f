import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { storedFiles } from '../files/files.tables.js';

/** A share template (spec M3.5.7): a share type's card, its share info kept in the template's own row. */
export const shareTemplates = pgTable(
  'share_templates',
  {
    shareTempletId: serial('share_templet_id').primaryKey(),
    tenant: text('tenant').notNull(),
    shareType: text('share_type').notNull(),
    shareInfoId: text('share_info_id').notNull(),
    shareTitle: text('share_title').notNull(),
    description: text('description'),
    landingPage: text('landing_page').notNull(),
    creator: text('creator'),
    updater: text('updater'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_templates_info_idx').on(t.tenant, t.shareInfoId),
    index('share_templates_updated_idx').on(t.tenant, t.updatedAt, t.shareTempletId),
  ],
);

/**
 * A template's pictures in their order. The file stays while a template shows it: the public picture route
 * serves only files found here.
 */
export const shareTemplatePictures = pgTable(
  'share_template_pictures',
  {
    shareTempletId: integer('share_templet_id').notNull(),
    position: smallint('position').notNull(),
    fileId: text('file_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shareTempletId, t.position] }),
    foreignKey({ columns: [t.shareTempletId], foreignColumns: [shareTemplates.shareTempletId] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.fileId], foreignColumns: [storedFiles.id] }),
    index('share_template_pictures_file_idx').on(t.fileId),
  ],
);
