/**
 * Remote operations (start or stop a charge from the back office) are listed by resource or by charge
 * session; both lists ask only for the statuses 0 and 3, sent as one comma-joined value.
 */
export const REMOTE_OPERATION_STATUS_FILTER = '0,3' as const;

/**
 * The chargers of a station group are fetched in one page (page 1) of this size to pick the charger a
 * remote operation concerns.
 */
export const POWER_CHARGERS_PAGE_SIZE = 100 as const;
export const POWER_CHARGERS_PAGE_NO = 1 as const;
