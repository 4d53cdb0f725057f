import {
  REMOTE_OPERATION_STATUS_FILTER,
  REMOTE_OPERATION_STATUS_VALUES,
  REMOTE_OPERATION_TYPES,
  type RemoteOperationType,
} from '@cmp/domain/stations/remote-operations';
import type { Query } from '../../api/client';
import type { SearchTableParams } from '../../components';

/**
 * What a status filter offers: the unfinished operations (the spec's default '0,3'), all of them, or one
 * status. "All" names every status rather than sending an empty value, which the client leaves out and the
 * server would read as the default.
 */
export const STATUS_CHOICES = ['open', 'all', '0', '1', '2', '3'] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];
export const DEFAULT_STATUS_CHOICE: StatusChoice = 'open';

const isStatusChoice = (value: unknown): value is StatusChoice =>
  (STATUS_CHOICES as readonly unknown[]).includes(value);

/** The `status` parameter of a choice: a comma-joined list of statuses. */
export function statusParam(choice: StatusChoice): string {
  if (choice === 'open') return REMOTE_OPERATION_STATUS_FILTER;
  if (choice === 'all') return REMOTE_OPERATION_STATUS_VALUES.join(',');
  return choice;
}

/** URL names of the create-time range: the API's own. */
export const CREATE_TIME_NAMES: [string, string] = ['create_time_begin', 'create_time_end'];

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const ms = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const isOperationType = (value: unknown): value is RemoteOperationType =>
  (REMOTE_OPERATION_TYPES as readonly unknown[]).includes(value);

/** The network list's search form and order as the remote operations filter, only what is set. */
export function toRemoteOperationFilter(params: SearchTableParams): Query {
  const filter: Query = {
    resource_id: text(params.resource_id),
    charge_point_id: text(params.charge_point_id),
    operation_type: isOperationType(params.operation_type) ? params.operation_type : undefined,
    create_time_begin: ms(params[CREATE_TIME_NAMES[0]]),
    create_time_end: ms(params[CREATE_TIME_NAMES[1]]),
    status: statusParam(isStatusChoice(params.status) ? params.status : DEFAULT_STATUS_CHOICE),
    sort: params.sort,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** `GET /remote-operations`: the filter with the page and the order asked for. */
export const toRemoteOperationListQuery = (params: SearchTableParams): Query => ({
  pageNo: params.pageNo,
  pageSize: params.pageSize,
  ...toRemoteOperationFilter(params),
});
