import { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { formatMessage, ruleMessage, type Locale } from '@cmp/domain/messages/format';
import {
  POSTER_TRIGGER_RULES,
  PosterFilterSchema,
  type AppPoster,
  type Poster,
  type PosterAppQuery,
  type PosterConfigType,
  type PosterFields,
  type PosterListQuery,
  type PosterPage,
  type PosterResourceScope,
  type PosterTriggerRules,
  type PosterVideos,
} from '@cmp/domain/posters/poster-contracts';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { findRegion } from '../../platform/regions/region-data.js';
import type { ActivitiesService } from '../activities/activities.service.js';
import type { DictionaryService } from '../dictionaries/dictionaries.service.js';
import { POSTER_LIST_EXPORT } from './posters.export.js';
import * as repo from './posters.repo.js';

/** Audit entity of a poster and of its station bindings. */
export const POSTER_ENTITY = 'poster';

export const PosterExportFilterSchema = PosterFilterSchema.extend({ tenant: TenantSchema, now: z.number() });
export type PosterExportFilter = z.infer<typeof PosterExportFilterSchema>;

/** The columns a save writes from the fields. */
const columnsOf = (fields: PosterFields) => ({
  posterName: fields.posterName,
  activityId: fields.activityId ?? null,
  clientCode: fields.clientCode,
  businessModule: fields.businessModule ?? null,
  ruleId: fields.ruleId,
  visible: fields.visible,
  priority: fields.priority,
  image: fields.image,
  linkType: fields.linkType,
  linkUrl: fields.linkUrl ?? null,
  linkUrlView: fields.linkUrlView ?? null,
  shareInfoId: fields.shareInfoId ?? null,
  description: fields.description ?? null,
  showTimeBegin: new Date(fields.showTimeBegin),
  showTimeEnd: new Date(fields.showTimeEnd),
  title: fields.title ?? null,
  subTitle: fields.subTitle ?? null,
  momentsShareInfo: fields.momentsShareInfo ?? null,
  weiboShareInfo: fields.weiboShareInfo ?? null,
  regionInfo: fields.regionInfo,
  videoTitle: fields.videoTitle ?? null,
  videoUrl: fields.videoUrl ?? null,
  isPush: fields.isPush,
  pushTitle: fields.isPush ? (fields.pushTitle ?? null) : null,
});

/** The stored poster as a save compares it and the audit shows it. */
const editableOf = (row: repo.PosterRow): ReturnType<typeof columnsOf> => ({
  posterName: row.posterName,
  activityId: row.activityId,
  clientCode: row.clientCode as PosterFields['clientCode'],
  businessModule: row.businessModule,
  ruleId: row.ruleId,
  visible: row.visible,
  priority: row.priority,
  image: row.image,
  linkType: row.linkType as PosterFields['linkType'],
  linkUrl: row.linkUrl,
  linkUrlView: row.linkUrlView,
  shareInfoId: row.shareInfoId,
  description: row.description,
  showTimeBegin: row.showTimeBegin,
  showTimeEnd: row.showTimeEnd,
  title: row.title,
  subTitle: row.subTitle,
  momentsShareInfo: row.momentsShareInfo,
  weiboShareInfo: row.weiboShareInfo,
  regionInfo: row.regionInfo,
  videoTitle: row.videoTitle,
  videoUrl: row.videoUrl,
  isPush: row.isPush,
  pushTitle: row.pushTitle,
});

const effectiveAt = (row: repo.PosterRow, now: number) =>
  row.visible && row.showTimeBegin.getTime() <= now && now < row.showTimeEnd.getTime();

export const toAppPoster = (row: repo.PosterRow): AppPoster => ({
  posterId: row.posterId,
  posterName: row.posterName,
  activityId: row.activityId,
  priority: row.priority,
  image: row.image,
  title: row.title,
  subTitle: row.subTitle,
  description: row.description,
  linkType: row.linkType,
  linkUrl: row.linkUrl,
  showTimeBegin: row.showTimeBegin.getTime(),
  showTimeEnd: row.showTimeEnd.getTime(),
  shareInfoId: row.shareInfoId,
  momentsShareInfo: row.momentsShareInfo,
  weiboShareInfo: row.weiboShareInfo,
  videoTitle: row.videoTitle,
  videoUrl: row.videoUrl,
  isPush: row.isPush,
  pushTitle: row.pushTitle,
});

/**
 * Posters (marketing spec §3 "Poster", §7 "Posters and share"): the trigger rules, the list with its filter
 * and export, create, update and delete, each recorded in the audit (`poster`), the videos, and the posters
 * the apps show.
 */
export class PostersService {
  constructor(
    private readonly db: Db,
    private readonly activities: ActivitiesService,
    private readonly dictionaries: DictionaryService,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The fixed trigger catalog, named in the reader's language. */
  triggerRules(locale: Locale): PosterTriggerRules {
    const items = POSTER_TRIGGER_RULES.map((rule) => ({
      id: rule.id,
      code: rule.code,
      name: formatMessage(locale, { key: `posterTrigger.${rule.code}` }),
      isActivated: rule.activated,
    }));
    return { items, total: items.length };
  }

  async list(tenant: Tenant, query: PosterListQuery): Promise<PosterPage> {
    const { pageNo, pageSize, ...filter } = query;
    const now = this.clock();
    const page = await repo.posterList.page(this.db, { ...filter, tenant, now }, { pageNo, pageSize });
    return { items: await this.presentAll(page.rows, now), total: page.total };
  }

  readonly export = listExport({
    list: 'posters.list',
    query: PosterExportFilterSchema,
    sheet: POSTER_LIST_EXPORT,
    rows: repo.posterList,
    items: (rows, query) => this.presentAll(rows, query.now),
  });

  async get(tenant: Tenant, posterId: number, db: DbOrTx = this.db): Promise<Poster> {
    const row = await repo.findPoster(db, tenant, posterId);
    if (!row) throw AppError.notFound('poster', posterId);
    return (await this.presentAll([row], this.clock()))[0]!;
  }

  /** The videos staff may pick: those the tenant's posters play (decision: no video library of its own). */
  async videos(tenant: Tenant): Promise<PosterVideos> {
    const rows = await repo.videosOf(this.db, tenant);
    const items = rows.flatMap((row) => (row.link ? [{ link: row.link, description: row.description }] : []));
    return { items, total: items.length };
  }

  async create(tenant: Tenant, fields: PosterFields, actor: Actor): Promise<Poster> {
    await this.assertReferences(tenant, fields);
    const posterId = await this.db.transaction(async (tx) => {
      const row = await repo.insertPoster(tx, {
        ...columnsOf(fields),
        tenant,
        creatorId: actor.userId ?? 0,
        creatorName: actor.userName ?? 'system',
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: POSTER_ENTITY,
        entityId: row.posterId,
        action: 'POSTER_CREATE',
        after: editableOf(row),
      });
      return row.posterId;
    });
    return this.get(tenant, posterId);
  }

  /** Replaces the poster's fields from the version the editor read (409 when someone saved since). */
  async update(
    tenant: Tenant,
    posterId: number,
    input: PosterFields & { version: number },
    actor: Actor,
  ): Promise<Poster> {
    const { version, ...fields } = input;
    await this.assertReferences(tenant, fields);
    await this.db.transaction(async (tx) => {
      const stored = await this.lock(tx, tenant, posterId);
      assertVersion(stored.version, version, 'poster.versionConflict');
      const columns = columnsOf(fields);
      const changes = changedFields(editableOf(stored), columns);
      const row = await repo.updatePoster(tx, posterId, columns);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: POSTER_ENTITY,
        entityId: posterId,
        action: 'POSTER_UPDATE',
        before: { ...changes.before, version: stored.version },
        after: { ...changes.after, version: row.version },
      });
    });
    return this.get(tenant, posterId);
  }

  /** Deletes the poster as of the version read, with its station bindings. */
  async remove(tenant: Tenant, posterId: number, version: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const stored = await this.lock(tx, tenant, posterId);
      assertVersion(stored.version, version, 'poster.versionConflict');
      const unbound = await repo.unbindAll(tx, posterId);
      await repo.deletePoster(tx, posterId);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: POSTER_ENTITY,
        entityId: posterId,
        action: 'POSTER_DELETE',
        before: {
          ...editableOf(stored),
          configType: stored.configType,
          resourceScope: stored.resourceScope,
          resourceCount: unbound,
        },
      });
    });
  }

  /**
   * The posters a user sees at a trigger (signed app API): straight from `posters_app_idx`, so a change is
   * seen by the next read (docs/decisions.md "Posters").
   */
  async forApp(tenant: Tenant, query: PosterAppQuery): Promise<AppPoster[]> {
    const region = query.regionId === undefined ? undefined : findRegion(query.regionId);
    const regions =
      query.regionId === undefined
        ? []
        : region
          ? [region.provinceId, region.cityId, region.districtId].filter((code): code is string => !!code)
          : [query.regionId];
    const rows = await repo.appPosters(this.db, {
      tenant,
      ruleId: query.ruleId,
      clientCode: query.clientCode,
      regions,
      resourceId: query.resourceId,
      at: new Date(query.at ?? this.clock()),
    });
    return rows.map(toAppPoster);
  }

  /** The poster, locked, for the binding service's changes. */
  async lock(tx: DbOrTx, tenant: Tenant, posterId: number): Promise<repo.PosterRow> {
    const stored = await repo.lockPoster(tx, tenant, posterId);
    if (!stored) throw AppError.notFound('poster', posterId);
    return stored;
  }

  private async presentAll(rows: repo.PosterWithCount[], now: number): Promise<Poster[]> {
    const names = await this.activities.names(
      rows.flatMap((row) => (row.poster.activityId === null ? [] : [row.poster.activityId])),
    );
    return rows.map(({ poster: row, resourceCount }) => ({
      posterId: row.posterId,
      posterName: row.posterName,
      activityId: row.activityId,
      activityName: row.activityId === null ? null : (names.get(row.activityId) ?? null),
      tenantId: row.tenant,
      clientCode: row.clientCode as Poster['clientCode'],
      businessModule: row.businessModule,
      ruleId: row.ruleId,
      visible: row.visible,
      priority: row.priority,
      image: row.image,
      linkType: row.linkType,
      linkUrl: row.linkUrl,
      linkUrlView: row.linkUrlView,
      shareInfoId: row.shareInfoId,
      description: row.description,
      effective: effectiveAt(row, now),
      showTimeBegin: row.showTimeBegin.getTime(),
      showTimeEnd: row.showTimeEnd.getTime(),
      title: row.title,
      subTitle: row.subTitle,
      momentsShareInfo: row.momentsShareInfo,
      weiboShareInfo: row.weiboShareInfo,
      regionInfo: row.regionInfo,
      videoTitle: row.videoTitle,
      videoUrl: row.videoUrl,
      isPush: row.isPush,
      pushTitle: row.pushTitle,
      configType: row.configType as PosterConfigType | null,
      resourceScope: row.resourceScope as PosterResourceScope | null,
      resourceCount,
      creator: row.creatorName,
      createTime: row.createdAt.getTime(),
      updateTime: row.updatedAt.getTime(),
      version: row.version,
    }));
  }

  /** What a poster names must exist: its activity in the tenant, its scene, its regions (422). */
  private async assertReferences(tenant: Tenant, fields: PosterFields): Promise<void> {
    if (fields.activityId != null && !(await this.activities.brief(tenant, fields.activityId))) {
      throw new RuleError(ruleMessage('poster.unknownActivity', { activityId: fields.activityId }));
    }
    if (fields.businessModule) {
      await this.dictionaries.assertCodesInUse({
        dictTypeCode: BIZ_SCENE_DICT_TYPE,
        codes: [fields.businessModule],
        unknown: (code) => ruleMessage('poster.unknownScene', { code }),
      });
    }
    const unknownRegion = fields.regionInfo.find((code) => findRegion(code) === null);
    if (unknownRegion !== undefined) {
      throw new RuleError(ruleMessage('poster.unknownRegion', { regionId: unknownRegion }));
    }
  }
}
