import { QueryBuilder } from 'drizzle-orm/pg-core';
import { operators } from './operators.tables.js';

/*
 * Whether NIO controls an operator, for the route planner (road books), which tells the products a
 * station serves by it. A read-only view beside `operators.views.ts`, flattened into the query that joins it.
 */
export const operatorControl = new QueryBuilder()
  .select({ operatorId: operators.operatorId, controlledByNio: operators.controlledByNio })
  .from(operators)
  .as('operator_control');
