import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ERROR_CODES, Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import { ruleMessage, type Locale } from '@cmp/domain/messages/format';
import {
  PosterResourceFilterSchema,
  type PosterBindingCreate,
  type PosterBindingSwitch,
  type PosterBindType,
  type PosterConfigType,
  type PosterResource,
  type PosterResourceListQuery,
  type PosterResourcePage,
  type PosterResourceScope,
  type PosterResourcesBound,
} from '@cmp/domain/posters/poster-contracts';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { detectFileType } from '../../platform/storage/file-type.js';
import { POSTER_STATION_IMPORT_JOB } from './poster-station-import.job.js';
import { POSTER_RESOURCE_EXPORT } from './posters.export.js';
import * as repo from './posters.repo.js';
import { POSTER_ENTITY, type PostersService } from './posters.service.js';

export const PosterResourceExportQuerySchema = PosterResourceFilterSchema.extend({ tenant: TenantSchema });
export type PosterResourceExportQuery = z.infer<typeof PosterResourceExportQuerySchema>;

type ResourceRow = Awaited<ReturnType<typeof repo.posterResourceList.page>>['rows'][number];

const toResource = (row: ResourceRow): PosterResource => ({
  posterId: row.posterId,
  posterName: row.posterName,
  resourceId: row.resourceId,
  resourceName: row.resourceName,
  resourceType: row.resourceType,
  description: row.description,
  address: row.address,
  createTime: row.createdAt.getTime(),
});

const bindTypeOf = (row: repo.PosterRow, resourceCount: number): PosterBindType => ({
  posterId: row.posterId,
  configType: row.configType as PosterConfigType | null,
  resourceScope: row.resourceScope as PosterResourceScope | null,
  resourceCount,
});

/**
 * The stations posters are tied to (spec M3.5.5–M3.5.6, §7 resources calls): a poster's bind type (the kind
 * of station and every or some of them), its first binding and its switch, which carries the values the
 * editor read (spec §5), and the stations bound by id or by a sheet; every change in the poster's audit.
 */
export class PosterResourcesService {
  constructor(
    private readonly db: Db,
    private readonly posters: PostersService,
    private readonly jobs: Jobs,
    private readonly storage: FileStorage,
  ) {}

  async list(tenant: Tenant, query: PosterResourceListQuery): Promise<PosterResourcePage> {
    const { pageNo, pageSize, ...filter } = query;
    if (filter.posterId !== undefined) await this.posters.get(tenant, filter.posterId);
    const page = await repo.posterResourceList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map(toResource), total: page.total };
  }

  readonly export = listExport({
    list: 'posters.resources',
    query: PosterResourceExportQuerySchema,
    sheet: POSTER_RESOURCE_EXPORT,
    rows: repo.posterResourceList,
    items: (rows) => rows.map(toResource),
  });

  async bindType(tenant: Tenant, posterId: number): Promise<PosterBindType> {
    const poster = await this.posters.get(tenant, posterId);
    return {
      posterId,
      configType: poster.configType,
      resourceScope: poster.resourceScope,
      resourceCount: poster.resourceCount,
    };
  }

  /** resources-binding/create: ties a poster not tied yet (409 when it is: the switch changes it). */
  async create(
    tenant: Tenant,
    posterId: number,
    binding: PosterBindingCreate,
    actor: Actor,
  ): Promise<PosterBindType> {
    return this.db.transaction(async (tx) => {
      const stored = await this.posters.lock(tx, tenant, posterId);
      if (stored.configType !== null) throw AppError.conflict(ruleMessage('poster.bindingExists'));
      const row = await repo.updatePoster(tx, posterId, binding);
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: POSTER_ENTITY,
        entityId: posterId,
        action: 'POSTER_BINDING_CREATE',
        before: { configType: null, resourceScope: null },
        after: { ...binding, version: row.version },
      });
      return bindTypeOf(row, 0);
    });
  }

  /**
   * resources-binding/switch: from the original config type and scope to the new ones (409 when the stored
   * ones are no longer the original ones). The stations bound stay only while the poster is still tied to
   * some stations of the same kind: a switch to every station, to another kind or to none unbinds them.
   */
  async switchBinding(
    tenant: Tenant,
    posterId: number,
    change: PosterBindingSwitch,
    actor: Actor,
  ): Promise<PosterBindType> {
    return this.db.transaction(async (tx) => {
      const stored = await this.posters.lock(tx, tenant, posterId);
      if (
        stored.configType !== change.originalConfigType ||
        stored.resourceScope !== change.originalResourceScope
      ) {
        throw AppError.conflict(ruleMessage('poster.bindingChanged'));
      }
      const keeps = change.resourceScope === 'part' && change.configType === stored.configType;
      const unbound = keeps ? 0 : await repo.unbindAll(tx, posterId);
      const row = await repo.updatePoster(tx, posterId, {
        configType: change.configType,
        resourceScope: change.resourceScope,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: POSTER_ENTITY,
        entityId: posterId,
        action: 'POSTER_BINDING_SWITCH',
        before: {
          configType: stored.configType,
          resourceScope: stored.resourceScope,
          version: stored.version,
        },
        after: { configType: row.configType, resourceScope: row.resourceScope, version: row.version },
        extData: { ...change, unbound },
      });
      const found = await repo.findPoster(tx, tenant, posterId);
      return bindTypeOf(row, found?.resourceCount ?? 0);
    });
  }

  /**
   * resources/bind: the stations named, each reported as bound, already bound, no station, or of another
   * kind than the poster's. Only a poster tied to some stations takes stations (409).
   */
  async bind(
    tenant: Tenant,
    posterId: number,
    resourceIds: string[],
    actor: Actor,
  ): Promise<PosterResourcesBound> {
    const ids = [...new Set(resourceIds)];
    return this.db.transaction(async (tx) => {
      const poster = await this.partPoster(tx, tenant, posterId);
      const known = await repo.stationsOf(tx, ids);
      const unknown = ids.filter((id) => !known.has(id));
      const otherType = ids.filter(
        (id) => known.has(id) && known.get(id)!.resourceType !== poster.configType,
      );
      const candidates = ids.filter((id) => known.get(id)?.resourceType === poster.configType);
      const bound = await repo.bindStations(tx, tenant, posterId, candidates);
      const fresh = new Set(bound);
      if (bound.length > 0) {
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: POSTER_ENTITY,
          entityId: posterId,
          action: 'POSTER_RESOURCES_BIND',
          after: { resourceIds: bound },
        });
      }
      return { bound, alreadyBound: candidates.filter((id) => !fresh.has(id)), unknown, otherType };
    });
  }

  /** DELETE resources: unbinds the stations named; answers those that were bound. */
  async unbind(
    tenant: Tenant,
    posterId: number,
    resourceIds: string[],
    actor: Actor,
  ): Promise<{ unbound: string[] }> {
    return this.db.transaction(async (tx) => {
      await this.posters.lock(tx, tenant, posterId);
      const unbound = await repo.unbindStations(tx, posterId, resourceIds);
      if (unbound.length > 0) {
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: POSTER_ENTITY,
          entityId: posterId,
          action: 'POSTER_RESOURCES_UNBIND',
          before: { resourceIds: unbound },
        });
      }
      return { unbound };
    });
  }

  /**
   * resources/upload: a sheet of station ids, checked and bound by a durable job
   * (`poster-station-import.job.ts`): any wrong row binds nothing and the job ends with the sheet marked.
   */
  async startImport(
    tenant: Tenant,
    posterId: number,
    file: { name: string; data: Buffer },
    actor: Actor,
    locale: Locale,
  ): Promise<{ jobId: number }> {
    if (detectFileType(file.data, file.name)?.kind !== 'spreadsheet') {
      const rule = ruleMessage('posterResources.notSpreadsheet');
      throw new AppError(415, ERROR_CODES.unsupportedFile, rule.key, undefined, undefined, rule);
    }
    if (actor.userId === null) throw AppError.forbidden('a staff user imports stations');
    const fileKey = `poster-station-imports/${tenant}/${randomUUID()}.xlsx`;
    return removingFilesOnFailure(this.storage, (storage) =>
      this.db.transaction(async (tx) => {
        await this.partPoster(tx, tenant, posterId);
        await storage.put(fileKey, file.data);
        const job = await this.jobs.enqueue(
          {
            kind: POSTER_STATION_IMPORT_JOB,
            tenant,
            createdBy: { userId: actor.userId!, userName: actor.userName ?? '' },
            params: { posterId, fileKey, fileName: file.name.slice(0, 255), locale },
          },
          tx,
        );
        await writeAudit(tx, {
          actor,
          tenant,
          entityType: POSTER_ENTITY,
          entityId: posterId,
          action: 'POSTER_RESOURCES_IMPORT',
          after: { jobId: job.id, fileName: file.name },
        });
        return { jobId: job.id };
      }),
    );
  }

  /** The poster, locked, if it takes stations: tied to some stations of a kind. */
  private async partPoster(tx: DbOrTx, tenant: Tenant, posterId: number) {
    const poster = await this.posters.lock(tx, tenant, posterId);
    if (poster.resourceScope !== 'part' || poster.configType === null) {
      throw AppError.conflict(ruleMessage('poster.notBoundToPart'));
    }
    return poster;
  }
}
