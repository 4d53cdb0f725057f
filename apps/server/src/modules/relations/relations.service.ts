import { z } from 'zod';
import { Tenant as TenantSchema, type Page, type Tenant } from '@cmp/domain';
import { USER_NOT_FOUND } from '@cmp/domain/accounts/account-lookup';
import {
  RelationFilterSchema,
  type Relation,
  type RelationListQuery,
  type RelationRecord,
} from '@cmp/domain/accounts/relation-contracts';
import type { Gender, RelationSource, RelationType } from '@cmp/domain/accounts/relations';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { OperationListResourceType } from '@cmp/domain/stations/operation-list-item';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { auditMobileReveal, mobileFor } from '../../platform/auth/mobile-reveal.js';
import { STATION_ENTITY, findStation } from '../stations/station-directory.service.js';
import { RELATION_LIST_EXPORT } from './relations.export.js';
import * as repo from './relations.repo.js';

/** Whether the reader sees mobiles whole (operators) or masked (viewers). */
export interface RelationReader {
  revealMobile: boolean;
}

/** A bind as any caller makes it: the portal's staff, the app's back end, the virtual-station flow. */
export interface BindInput {
  resourceId: string;
  /** When given, it must be the station's own type. */
  resourceType?: OperationListResourceType;
  resourceOriginId?: string | null;
  accountId: string;
  relationType: RelationType;
  bindReason?: string | null;
  source: RelationSource;
}

export interface UnbindInput {
  relationId: number;
  unbindReason: string;
}

/** The station history's actions of a relation (spec C7.3 operation actions). */
export const RELATION_BIND_ACTION = 'CHARGE_STATION_CONTRIBUTOR_BIND';
export const RELATION_UNBIND_ACTION = 'CHARGE_STATION_CONTRIBUTOR_UNBIND';

const userNotFound = (accountId: string) =>
  new AppError(404, USER_NOT_FOUND, `account ${accountId} not found`);

export function toRecord(row: repo.RelationTableRow): RelationRecord {
  return {
    relationId: row.relationId,
    resourceId: row.resourceId,
    resourceType: row.resourceType as OperationListResourceType,
    resourceOriginId: row.resourceOriginId,
    accountId: row.accountId,
    relationType: row.relationType as RelationType,
    bindReason: row.bindReason,
    state: row.state as RelationRecord['state'],
    unbindReason: row.unbindReason,
    bindTime: row.bindTime.getTime(),
    unbindTime: row.unbindTime?.getTime() ?? null,
    source: row.source as RelationSource,
    boundBy: row.boundBy,
    unboundBy: row.unboundBy,
  };
}

export function toRelation(row: repo.RelationRow, reader: RelationReader): Relation {
  return {
    ...toRecord(row.relation),
    resourceName: row.resourceName,
    mobile: mobileFor(row.mobile, reader.revealMobile),
    udsUserId: row.udsUserId,
    name: row.name,
    gender: row.gender as Gender | null,
    nickname: row.nickname,
    countryCode: row.countryCode,
    headImage: row.headImage,
    medalImage: row.medalImage,
    intro: row.intro,
  };
}

const toRelations = (rows: repo.RelationRow[], reader: RelationReader): Relation[] =>
  rows.map((row) => toRelation(row, reader));

/** The export's query: the list's filter with the tenant and the reader's right to see mobiles whole. */
export const RelationExportFilterSchema = RelationFilterSchema.extend({
  tenant: TenantSchema,
  revealMobile: z.boolean(),
});
export type RelationExportFilter = z.infer<typeof RelationExportFilterSchema>;

/** How the station's history names the account: what the account service last called it. */
const accountName = (account: { nickname: string | null; name: string | null } | undefined) =>
  account?.nickname ?? account?.name ?? null;

/** Runs `work` in the caller's transaction when given one, else in a transaction of its own. */
const inTransaction = <T>(db: Db, given: DbOrTx | undefined, work: (tx: DbOrTx) => Promise<T>) =>
  given ? work(given) : db.transaction(work);

/**
 * Relations between the tenant's app accounts and stations: the list, bind and unbind. Bind and unbind
 * take the caller's transaction, so another module (a reported station binding its reporter) makes its
 * change and the relation at once; each is recorded in the station's history.
 */
export class RelationsService {
  constructor(private readonly db: Db) {}

  /**
   * A page of the filtered list. A search for one account that answered whole mobiles is recorded as an
   * unmasking of that account's mobile.
   */
  async list(
    tenant: Tenant,
    query: RelationListQuery,
    reader: RelationReader,
    actor: Actor,
  ): Promise<Page<Relation>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.relationList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    if (filter.account_id && reader.revealMobile) {
      await auditMobileReveal(this.db, {
        actor,
        tenant,
        via: 'relations.search',
        query: filter,
        accountIds: [...new Set(page.rows.filter((r) => r.mobile).map((r) => r.relation.accountId))],
      });
    }
    return { items: toRelations(page.rows, reader), total: page.total };
  }

  /** Records that an export for one account will answer its mobile whole, when the account has one. */
  async auditExport(tenant: Tenant, filter: RelationExportFilter, actor: Actor): Promise<void> {
    if (!filter.account_id || !filter.revealMobile) return;
    const { tenant: _tenant, revealMobile: _reveal, ...query } = filter;
    await auditMobileReveal(this.db, {
      actor,
      tenant,
      via: 'relations.export',
      query,
      accountIds: await repo.accountsWithMobile(this.db, tenant, [filter.account_id]),
    });
  }

  readonly export = listExport({
    list: 'relations.list',
    query: RelationExportFilterSchema,
    sheet: RELATION_LIST_EXPORT,
    rows: repo.relationList,
    items: (rows, { revealMobile }) => toRelations(rows, { revealMobile }),
  });

  async get(
    tenant: Tenant,
    relationId: number,
    reader: RelationReader,
    db: DbOrTx = this.db,
  ): Promise<Relation> {
    const row = await repo.findRelation(db, tenant, relationId);
    if (!row) throw AppError.notFound('relation', relationId);
    return toRelation(row, reader);
  }

  /**
   * Binds an account of the tenant to a station: 404 `user_not_found` for an account the tenant does not
   * have (or that was deleted), 404 for an unknown station, 409 when the account already holds a live
   * relation of that type on the station.
   */
  async bind(tenant: Tenant, input: BindInput, actor: Actor, db?: DbOrTx): Promise<RelationRecord> {
    return inTransaction(this.db, db, async (tx) => {
      const station = await findStation(tx, input.resourceId);
      if (!station) throw AppError.notFound('station', input.resourceId);
      if (input.resourceType && input.resourceType !== station.resourceType) {
        throw new RuleError(ruleMessage('relation.resourceTypeMismatch'));
      }
      const account = await repo.findAccount(tx, tenant, input.accountId);
      if (!account || account.isDelete) throw userNotFound(input.accountId);
      const row = await repo.insertBound(tx, {
        tenant,
        resourceId: input.resourceId,
        resourceType: station.resourceType,
        resourceOriginId: input.resourceOriginId ?? null,
        accountId: input.accountId,
        relationType: input.relationType,
        bindReason: input.bindReason ?? null,
        state: 'bind',
        source: input.source,
        boundBy: actor.userName,
      });
      if (!row) throw AppError.conflict(ruleMessage('relation.alreadyBound'));
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: STATION_ENTITY,
        entityId: row.resourceId,
        action: RELATION_BIND_ACTION,
        before: null,
        after: {
          relationId: row.relationId,
          accountId: row.accountId,
          accountName: accountName(account),
          relationType: row.relationType,
          bindReason: row.bindReason,
          relationSource: row.source,
        },
        extData: { relation_id: row.relationId },
      });
      return toRecord(row);
    });
  }

  /** Unbinds a relation of the tenant with a reason: 404 for an unknown one, 422 when it is unbound already. */
  async unbind(tenant: Tenant, input: UnbindInput, actor: Actor, db?: DbOrTx): Promise<RelationRecord> {
    return inTransaction(this.db, db, async (tx) => {
      const bound = await repo.lockRelation(tx, tenant, input.relationId);
      if (!bound) throw AppError.notFound('relation', input.relationId);
      if (bound.state === 'unbind') throw new RuleError(ruleMessage('relation.alreadyUnbound'));
      const row = await repo.markUnbound(tx, input.relationId, {
        unbindReason: input.unbindReason,
        unboundBy: actor.userName,
      });
      const name = accountName(await repo.findAccount(tx, tenant, row.accountId));
      const who = { accountId: row.accountId, accountName: name, relationType: row.relationType };
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: STATION_ENTITY,
        entityId: row.resourceId,
        action: RELATION_UNBIND_ACTION,
        before: { ...who, relationState: 'bind' },
        after: { ...who, relationState: 'unbind', unbindReason: row.unbindReason },
        extData: { relation_id: row.relationId },
      });
      return toRecord(row);
    });
  }

  /** The station's live relations of the tenant, of one type or all, oldest first. */
  async live(
    tenant: Tenant,
    resourceId: string,
    relationType?: RelationType,
    db: DbOrTx = this.db,
  ): Promise<RelationRecord[]> {
    const rows = await repo.liveRelations(db, tenant, resourceId, relationType);
    return rows.map((row) => toRecord(row));
  }
}
