import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

/** The URL's name for the comment whose details are open; old portal links (`/feedback-list`) carry it too. */
export const OPEN_COMMENT = 'commentId';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

/** The comment list, e.g. filtered to one station with `?resourceId=`. */
export const commentListPath = (tenant: Tenant, query = ''): string =>
  tenantPath(tenant, `${areaPath('comments')}${query}`);

export const commentVendorsPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('commentVendors'));

/** A comment's own page, with its history: the link to give anyone who should see one comment. */
export const commentDetailPath = (tenant: Tenant, commentaryId: number): string =>
  tenantPath(tenant, `${areaPath('commentDetail')}?${OPEN_COMMENT}=${commentaryId}`);
