import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { resources } from '../stations/stations.tables.js';
import { storedFiles } from '../files/files.tables.js';

/** A station picture: the uploaded original and its three renditions, all stored files. */
export const resourcePictures = pgTable(
  'resource_pictures',
  {
    pictureId: bigserial('picture_id', { mode: 'number' }).primaryKey(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.resourceId, { onDelete: 'cascade' }),
    pictureSourceId: smallint('picture_source_id').notNull(),
    pictureSceneId: smallint('picture_scene_id').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    appVisible: boolean('app_visible').notNull().default(true),
    originalFileId: text('original_file_id')
      .notNull()
      .references(() => storedFiles.id),
    smallFileId: text('small_file_id')
      .notNull()
      .references(() => storedFiles.id),
    middleFileId: text('middle_file_id')
      .notNull()
      .references(() => storedFiles.id),
    largeFileId: text('large_file_id')
      .notNull()
      .references(() => storedFiles.id),
    operationExtData: jsonb('operation_ext_data'),
    createdBy: integer('created_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_pictures_resource_idx').on(t.resourceId, t.deleted, t.pictureId)],
);
