import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

/** The draw records, of one lottery when `activityId` is given. */
export const lotteryDrawsPath = (tenant: Tenant, activityId?: number): string =>
  tenantPath(
    tenant,
    `${areaPath('lotteryDraws')}${activityId === undefined ? '' : `?activityId=${activityId}`}`,
  );
