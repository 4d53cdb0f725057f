import type { Tenant, Page } from '@cmp/domain';
import type {
  EquipmentOwner,
  EquipmentOwnerListQuery,
  Operator,
  OperatorListQuery,
  SubOperator,
  SubOperatorListQuery,
  SubOperatorSyncRequest,
  SubOperatorSyncResult,
} from '@cmp/domain/stations/operators';
import { CREDIT_CHARS, creditCodeFor, organizationCodeCheck } from '@cmp/domain/stations/organization-codes';
import { randomInt } from 'node:crypto';
import type { Db } from '../../platform/db/database.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { allDistricts } from '../../platform/regions/region-data.js';
import * as repo from './operators.repo.js';

const toSubOperator = (row: repo.SubOperatorRow): SubOperator => ({
  subOperatorId: row.subOperatorId,
  subOperatorName: row.subOperatorName,
  organizationCode: row.organizationCode,
  serviceTel: row.serviceTel,
  syncedAt: row.syncedAt.getTime(),
});

/** Operators, equipment owners and sub-operators: network-wide reference data, read by every tenant. */
export class OperatorsService {
  constructor(private readonly db: Db) {}

  async listOperators(query: OperatorListQuery): Promise<Page<Operator>> {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.operatorList.page(this.db, filter, { pageNo, pageSize });
    return {
      items: rows.map(({ listCursorValue: _value, listCursorId: _id, ...operator }) => operator),
      total,
    };
  }

  async listEquipmentOwners(query: EquipmentOwnerListQuery): Promise<Page<EquipmentOwner>> {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.equipmentOwnerList.page(this.db, filter, { pageNo, pageSize });
    return {
      items: rows.map(({ listCursorValue: _value, listCursorId: _id, ...owner }) => ({
        ...owner,
        equipmentOwner: owner.equipmentOwnerName,
      })),
      total,
    };
  }

  async listSubOperators(query: SubOperatorListQuery): Promise<Page<SubOperator>> {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.subOperatorList.page(this.db, filter, { pageNo, pageSize });
    return { items: rows.map((row) => toSubOperator(row.subOperator)), total };
  }

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
