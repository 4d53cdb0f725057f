import type { Tenant, Page } from '@cmp/domain';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { OperationListPage, OperationListQuery } from '@cmp/domain/stations/operation-list-item';
import {
  EquipmentOwnerFilterSchema,
  OperatorFilterSchema,
  SubOperatorFilterSchema,
  type EquipmentOwner,
  type EquipmentOwnerListQuery,
  type Operator,
  type OperatorCreateRequest,
  type OperatorDetail,
  type OperatorListQuery,
  type OperatorStationCounts,
  type OperatorStationsQuery,
  type OperatorUpdateRequest,
  type SubOperator,
  type SubOperatorListQuery,
  type SubOperatorSyncRequest,
  type SubOperatorSyncResult,
} from '@cmp/domain/stations/operators';
import { CREDIT_CHARS, creditCodeFor, organizationCodeCheck } from '@cmp/domain/stations/organization-codes';
import { randomInt } from 'node:crypto';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { writeAudit, type Actor, type TenantActing } from '../../platform/audit/audit.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import { AppError } from '../../platform/http/app-error.js';
import { allDistricts } from '../../platform/regions/region-data.js';
import { listExport } from '../../platform/export/list-export.js';
import {
  EQUIPMENT_OWNER_LIST_EXPORT,
  OPERATOR_LIST_EXPORT,
  SUB_OPERATOR_LIST_EXPORT,
} from './operators.export.js';
import * as repo from './operators.repo.js';

const toSubOperator = (row: repo.SubOperatorRow): SubOperator => ({
  subOperatorId: row.subOperatorId,
  subOperatorName: row.subOperatorName,
  organizationCode: row.organizationCode,
  serviceTel: row.serviceTel,
  syncedAt: row.syncedAt.getTime(),
});

type OperatorListRow = Awaited<ReturnType<typeof repo.operatorList.page>>['rows'][number];
type EquipmentOwnerListRow = Awaited<ReturnType<typeof repo.equipmentOwnerList.page>>['rows'][number];

const toOperator = ({ listCursorValue: _value, listCursorId: _id, ...operator }: OperatorListRow): Operator =>
  operator;

const toEquipmentOwner = ({
  listCursorValue: _value,
  listCursorId: _id,
  ...owner
}: EquipmentOwnerListRow): EquipmentOwner => ({ ...owner, equipmentOwner: owner.equipmentOwnerName });

/**
 * The stations an operator runs, as the stations module lists them. app.ts hands it the operations list:
 * stations build on operators (their rows name them), so this module may not import stations back.
 */
export interface StationsOfOperators {
  list(query: OperationListQuery): Promise<OperationListPage>;
  count(filter: Omit<OperationListQuery, 'pageNo' | 'pageSize'>): Promise<number>;
}

/** What an operator's record holds, as its audit records show it before and after a change. */
type OperatorFields = Pick<
  repo.OperatorRow,
  'operatorName' | 'operatorOrganizationCode' | 'equipmentOwnerId' | 'controlledByNio' | 'isSharedPower'
>;

const fieldsOf = (row: repo.OperatorRow): OperatorFields => ({
  operatorName: row.operatorName,
  operatorOrganizationCode: row.operatorOrganizationCode,
  equipmentOwnerId: row.equipmentOwnerId,
  controlledByNio: row.controlledByNio,
  isSharedPower: row.isSharedPower,
});

/** The request's fields with what the schema leaves undefined (an empty optional text) as null. */
const requestedFields = (request: Omit<OperatorUpdateRequest, 'updatedAt'>): OperatorFields => ({
  operatorName: request.operatorName,
  operatorOrganizationCode: request.operatorOrganizationCode ?? null,
  equipmentOwnerId: request.equipmentOwnerId ?? null,
  controlledByNio: request.controlledByNio,
  isSharedPower: request.isSharedPower,
});

/** Operators, equipment owners and sub-operators: network-wide reference data, read by every tenant. */
export class OperatorsService {
  constructor(
    private readonly db: Db,
    private readonly stations: StationsOfOperators,
  ) {}

  async getOperator(operatorId: string): Promise<OperatorDetail> {
    const found = await repo.findOperator(this.db, operatorId);
    if (!found) throw AppError.notFound('operator', operatorId);
    const { operator } = found;
    return {
      operatorId: operator.operatorId,
      operatorName: operator.operatorName,
      operatorOrganizationCode: operator.operatorOrganizationCode,
      equipmentOwnerId: operator.equipmentOwnerId,
      equipmentOwnerName: found.equipmentOwnerName,
      equipmentOwnerOrganizationCode: found.equipmentOwnerOrganizationCode,
      controlledByNio: operator.controlledByNio,
      isSharedPower: operator.isSharedPower,
      createdAt: operator.createdAt.getTime(),
      updatedAt: operator.updatedAt.getTime(),
      stationCounts: await this.stationCounts(operatorId),
    };
  }

  private async stationCounts(operatorId: string): Promise<OperatorStationCounts> {
    const [total, active, chargeStations, swapStations] = await Promise.all([
      this.stations.count({ operatorId }),
      this.stations.count({ operatorId, active: true }),
      this.stations.count({ operatorId, resourceType: ['ChargeStation'] }),
      this.stations.count({ operatorId, resourceType: ['PowerSwap'] }),
    ]);
    return { total, active, chargeStations, swapStations };
  }

  async listStationsOf(operatorId: string, query: OperatorStationsQuery): Promise<OperationListPage> {
    if (!(await repo.findOperator(this.db, operatorId))) throw AppError.notFound('operator', operatorId);
    return this.stations.list({ ...query, operatorId });
  }

  async createOperator(request: OperatorCreateRequest, context: TenantActing): Promise<OperatorDetail> {
    const operatorId = request.operatorId.trim();
    const fields = requestedFields(request);
    await this.db.transaction(async (tx) => {
      await repo.lockOperatorNames(tx);
      await checkFields(tx, fields);
      const row = await repo.insertOperator(tx, { operatorId, ...fields });
      if (!row) throw AppError.conflict(ruleMessage('operators.idTaken', { operatorId }));
      await writeAudit(tx, {
        ...context,
        entityType: 'operator',
        entityId: operatorId,
        action: 'OPERATOR_CREATE',
        after: { operatorId, ...fields },
      });
    });
    return this.getOperator(operatorId);
  }

  async updateOperator(
    operatorId: string,
    request: OperatorUpdateRequest,
    context: TenantActing,
  ): Promise<OperatorDetail> {
    await this.db.transaction(async (tx) => {
      const stored = await repo.lockOperator(tx, operatorId);
      if (!stored) throw AppError.notFound('operator', operatorId);
      assertVersion(stored.updatedAt.getTime(), request.updatedAt, 'operators.versionConflict');
      const changes = changedFields(fieldsOf(stored), requestedFields(request));
      if (changes.changed.length === 0) return;
      if (changes.changed.includes('operatorName')) await repo.lockOperatorNames(tx);
      await checkFields(tx, changes.after, operatorId);
      await repo.updateOperator(tx, operatorId, changes.after);
      await writeAudit(tx, {
        ...context,
        entityType: 'operator',
        entityId: operatorId,
        action: 'OPERATOR_UPDATE',
        before: changes.before,
        after: changes.after,
      });
    });
    return this.getOperator(operatorId);
  }

  async listOperators(query: OperatorListQuery): Promise<Page<Operator>> {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.operatorList.page(this.db, filter, { pageNo, pageSize });
    return { items: rows.map(toOperator), total };
  }

  async listEquipmentOwners(query: EquipmentOwnerListQuery): Promise<Page<EquipmentOwner>> {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.equipmentOwnerList.page(this.db, filter, { pageNo, pageSize });
    return { items: rows.map(toEquipmentOwner), total };
  }

  async listSubOperators(query: SubOperatorListQuery): Promise<Page<SubOperator>> {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.subOperatorList.page(this.db, filter, { pageNo, pageSize });
    return { items: rows.map((row) => toSubOperator(row.subOperator)), total };
  }

  /** The three lists as exports (`platform/export`): the same filter and order, read batch by batch by key. */
  readonly operatorExport = listExport({
    list: 'operators.list',
    query: OperatorFilterSchema,
    sheet: OPERATOR_LIST_EXPORT,
    rows: repo.operatorList,
    items: (rows) => rows.map(toOperator),
  });

  readonly equipmentOwnerExport = listExport({
    list: 'operators.equipment-owners',
    query: EquipmentOwnerFilterSchema,
    sheet: EQUIPMENT_OWNER_LIST_EXPORT,
    rows: repo.equipmentOwnerList,
    items: (rows) => rows.map(toEquipmentOwner),
  });

  readonly subOperatorExport = listExport({
    list: 'operators.sub-operators',
    query: SubOperatorFilterSchema,
    sheet: SUB_OPERATOR_LIST_EXPORT,
    rows: repo.subOperatorList,
    items: (rows) => rows.map((row) => toSubOperator(row.subOperator)),
  });

  /**
   * The interconnection feed's batch sync: every name not known yet becomes a sub-operator with a random
   * id (a 9-character organization code) and organization code (an 18-character credit code of a random
   * district); known names keep theirs. Names are trimmed and taken once, in the order given.
   */
  async batchSync(
    request: SubOperatorSyncRequest,
    context: { tenant: Tenant; actor: Actor },
  ): Promise<SubOperatorSyncResult> {
    const names = [...new Set(request.data.map((item) => item.sub_operator_name.trim()))];
    return this.db.transaction(async (tx) => {
      const known = new Map(
        (await repo.findSubOperatorsByName(tx, names)).map((row) => [row.subOperatorName, row]),
      );
      const newNames = names.filter((name) => !known.has(name));
      const ids = await uniqueIds(newNames.length, (candidates) =>
        repo.existingSubOperatorIds(tx, candidates),
      );
      const districts = allDistricts();
      const inserted = await repo.insertSubOperators(
        tx,
        newNames.map((name, i) => ({
          subOperatorId: ids[i]!,
          subOperatorName: name,
          organizationCode: creditCodeFor(ids[i]!, districts[randomInt(districts.length)]!.regionId),
        })),
      );
      const createdByName = new Map(inserted.map((row) => [row.subOperatorName, row]));
      // RETURNING keeps no order; records follow the request's order like the answer does.
      const created = names.flatMap((name) => {
        const row = createdByName.get(name);
        return row ? [row] : [];
      });
      for (const row of created) {
        await writeAudit(tx, {
          actor: context.actor,
          tenant: context.tenant,
          entityType: 'sub_operator',
          entityId: row.subOperatorId,
          action: 'SUB_OPERATOR_SYNC_CREATE',
          after: {
            subOperatorId: row.subOperatorId,
            subOperatorName: row.subOperatorName,
            organizationCode: row.organizationCode,
          },
        });
      }
      // A name another sync inserted meanwhile was skipped by the insert; it is known now.
      const insertedNames = new Set(inserted.map((row) => row.subOperatorName));
      const raced = newNames.filter((name) => !insertedNames.has(name));
      for (const row of await repo.findSubOperatorsByName(tx, raced)) known.set(row.subOperatorName, row);
      return {
        created: created.map(toSubOperator),
        existing: names.flatMap((name) => {
          const row = known.get(name);
          return row ? [toSubOperator(row)] : [];
        }),
      };
    });
  }
}

/** The rules a save checks against other records: a free name and an owner that exists. */
async function checkFields(tx: DbOrTx, fields: Partial<OperatorFields>, except?: string): Promise<void> {
  const { operatorName, equipmentOwnerId } = fields;
  if (operatorName !== undefined && (await repo.operatorNameTaken(tx, operatorName, except)))
    throw AppError.conflict(ruleMessage('operators.nameTaken', { operatorName }));
  if (equipmentOwnerId && !(await repo.equipmentOwnerExists(tx, equipmentOwnerId)))
    throw new RuleError(ruleMessage('operators.unknownEquipmentOwner', { equipmentOwnerId }));
}

/**
 * A random 9-character organization code: 8 upper-case letters or digits and the check character. Only
 * characters a credit code allows, since the credit code embeds it. Random: it identifies, it does not
 * describe a real registration.
 */
function randomOrganizationCode(): string {
  let body = '';
  for (let i = 0; i < 8; i++) body += CREDIT_CHARS[randomInt(CREDIT_CHARS.length)];
  return body + organizationCodeCheck(body);
}

/** `count` random organization codes, none already taken and no two alike. */
async function uniqueIds(
  count: number,
  taken: (candidates: string[]) => Promise<Set<string>>,
): Promise<string[]> {
  const ids = new Set<string>();
  while (ids.size < count) {
    const candidates: string[] = [];
    while (candidates.length < count - ids.size) {
      const id = randomOrganizationCode();
      if (!ids.has(id) && !candidates.includes(id)) candidates.push(id);
    }
    const used = await taken(candidates);
    for (const id of candidates) if (!used.has(id)) ids.add(id);
  }
  return [...ids];
}
