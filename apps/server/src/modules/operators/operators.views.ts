import { QueryBuilder } from 'drizzle-orm/pg-core';
import { equipmentOwners, operators, subOperators } from './operators.tables.js';

/*
 * What other modules may read of operators, owners and sub-operators: read-only views (subqueries the
 * planner flattens into the query that joins them, so they cost what the table would), which the module
 * keeps stable whatever its tables become.
 */
const qb = new QueryBuilder();

/** An operator's name, the equipment owner it belongs to, and whether NIO controls it. */
export const operatorNames = qb
  .select({
    operatorId: operators.operatorId,
    operatorName: operators.operatorName,
    equipmentOwnerId: operators.equipmentOwnerId,
    controlledByNio: operators.controlledByNio,
  })
  .from(operators)
  .as('operator_names');

export const equipmentOwnerNames = qb
  .select({
    equipmentOwnerId: equipmentOwners.equipmentOwnerId,
    equipmentOwnerName: equipmentOwners.equipmentOwnerName,
  })
  .from(equipmentOwners)
  .as('equipment_owner_names');

export const subOperatorNames = qb
  .select({
    subOperatorId: subOperators.subOperatorId,
    subOperatorName: subOperators.subOperatorName,
  })
  .from(subOperators)
  .as('sub_operator_names');
