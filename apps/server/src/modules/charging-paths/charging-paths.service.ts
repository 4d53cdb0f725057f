import { z } from 'zod';
import { Tenant as TenantSchema, TENANT_LABELS, type Page, type Tenant } from '@cmp/domain';
import {
  ChargingPathFilterSchema,
  type ChargingPath,
  type ChargingPathFilter,
  type ChargingPathInfo,
  type ChargingPathListItem,
  type ChargingPathListQuery,
  type ChargingPathRoute,
  type ChargingPathStatus,
  type PathRouteSummary,
} from '@cmp/domain/charging-paths/charging-path-contracts';
import type { PlanTag } from '@cmp/domain/road-books/route-tactics';
import type { Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { auditMobileReveal, mobileFor } from '../../platform/auth/mobile-reveal.js';
import { CHARGING_PATH_LIST_EXPORT } from './charging-paths.export.js';
import * as repo from './charging-paths.repo.js';

/** Who reads: the audit's actor, and whether they see app users' mobiles whole. */
export interface PathReader {
  actor: Actor;
  revealMobile: boolean;
}

/** The export's query: the list's filter with the tenant and the reader's right to see mobiles whole. */
export const ChargingPathExportFilterSchema = ChargingPathFilterSchema.extend({
  tenant: TenantSchema,
  revealMobile: z.boolean(),
});
export type ChargingPathExportFilter = z.infer<typeof ChargingPathExportFilterSchema>;

/** The most account ids an export's audit record looks up (the record names at most 100 of them). */
const EXPORT_AUDIT_ACCOUNTS = 1000;

export function toPath(row: repo.ChargingPathRow): ChargingPath {
  return {
    pathId: row.pathId,
    searchTime: row.searchTime.getTime(),
    accountId: row.accountId,
    vehicleId: row.vehicleId,
    vehicleModel: row.vehicleModel,
    ratedRange: row.ratedRange,
    currentRange: row.currentRange,
    tag: row.tag as PlanTag,
    distance: row.distance,
    duration: row.duration,
    status: row.status as ChargingPathStatus,
    locations: row.locations,
    routes: row.routes,
    commentary:
      row.commentaryRating === null
        ? null
        : {
            rating: row.commentaryRating,
            text: row.commentaryText,
            time: (row.commentaryTime ?? row.searchTime).getTime(),
          },
  };
}

function toListItem(row: repo.PathListRow, revealMobile: boolean): ChargingPathListItem {
  return {
    pathId: row.pathId,
    searchTime: row.searchTime.getTime(),
    userAccountId: row.accountId,
    nickname: row.nickname,
    commentaryRating: row.commentaryRating,
    name: row.name,
    mobile: mobileFor(row.mobile, revealMobile),
    vehicleId: row.vehicleId,
    tag: row.tag as PlanTag,
    distance: row.distance,
    duration: row.duration,
    status: row.status as ChargingPathStatus,
    orig_poi: row.locations.orig,
    dest_poi: row.locations.dest,
    tenantName: TENANT_LABELS[row.tenant as Tenant],
    vehicleModel: row.vehicleModel,
    ratedRange: row.ratedRange,
    currentRange: row.currentRange,
  };
}

function routeSummary(routes: ChargingPath['routes']): PathRouteSummary | null {
  if (!routes) return null;
  const { route } = routes;
  return {
    tag: routes.tag,
    status: routes.status,
    distance: route.distance,
    duration: route.duration,
    chargingDuration: route.chargingDuration,
    notArrivalDistance: route.notArrivalDistance,
    notArrivalCount: route.notArrivalCount,
    estimated: route.estimated,
    stops: routes.resources,
  };
}

/** A search that names a user by name or mobile shows whose mobiles it found: the audit keeps that. */
const searchesUsers = (filter: ChargingPathFilter): boolean => Boolean(filter.name || filter.mobile);

/**
 * The tenant's charging paths for staff (C3.10.7, C3.10.8, C7.2): the list with the spec's filter, a
 * path's info and its road, the export. Mobiles are whole for operators, masked for viewers; a search by
 * name or mobile that answered whole mobiles is recorded (`account.mobile_revealed`).
 */
export class ChargingPathsService {
  constructor(private readonly db: Db) {}

  async list(
    tenant: Tenant,
    query: ChargingPathListQuery,
    reader: PathReader,
  ): Promise<Page<ChargingPathListItem>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.chargingPathList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    if (reader.revealMobile && searchesUsers(filter)) {
      await auditMobileReveal(this.db, {
        actor: reader.actor,
        tenant,
        via: 'charging_paths.list',
        query: { name: filter.name, mobile: filter.mobile },
        accountIds: [...new Set(page.rows.filter((row) => row.mobile).map((row) => row.accountId))],
      });
    }
    return { items: page.rows.map((row) => toListItem(row, reader.revealMobile)), total: page.total };
  }

  /**
   * Before an export of a search by name or mobile is answered or queued: the accounts that search
   * matches, whose mobiles the file will show whole.
   */
  async auditExport(tenant: Tenant, filter: ChargingPathFilter, reader: PathReader): Promise<void> {
    if (!reader.revealMobile || !searchesUsers(filter)) return;
    await auditMobileReveal(this.db, {
      actor: reader.actor,
      tenant,
      via: 'charging_paths.export',
      query: { name: filter.name, mobile: filter.mobile },
      accountIds: await repo.matchingAccountIds(this.db, tenant, filter, EXPORT_AUDIT_ACCOUNTS),
    });
  }

  /** The list as an export (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly export = listExport({
    list: 'charging-paths.list',
    query: ChargingPathExportFilterSchema,
    sheet: CHARGING_PATH_LIST_EXPORT,
    rows: repo.chargingPathList,
    items: (rows, { revealMobile }) => rows.map((row) => toListItem(row, revealMobile)),
  });

  async get(tenant: Tenant, pathId: number, reader: PathReader): Promise<ChargingPathInfo> {
    const row = await repo.findPath(this.db, tenant, pathId);
    if (!row) throw AppError.notFound('charging path', pathId);
    const { routes, accountId, ...path } = toPath(row.path);
    return {
      ...path,
      tenantName: TENANT_LABELS[tenant],
      user: {
        accountId,
        name: row.name,
        nickname: row.nickname,
        mobile: mobileFor(row.mobile, reader.revealMobile),
        deleted: row.deleted === true,
        known: row.deleted !== null,
      },
      routes: routeSummary(routes),
    };
  }

  async route(tenant: Tenant, pathId: number): Promise<ChargingPathRoute> {
    const row = await repo.findPath(this.db, tenant, pathId);
    if (!row) throw AppError.notFound('charging path', pathId);
    const path = toPath(row.path);
    return { pathId, status: path.status, locations: path.locations, routes: path.routes };
  }
}
