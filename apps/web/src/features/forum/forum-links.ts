import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const forumPostListPath = (tenant: Tenant): string => tenantPath(tenant, areaPath('forumPosts'));
export const forumPostDetailPath = (tenant: Tenant, id: number): string =>
  tenantPath(tenant, `${areaPath('forumPostDetail')}?id=${id}`);
export const forumReplyListPath = (tenant: Tenant, postId?: number): string =>
  tenantPath(tenant, `${areaPath('forumReplies')}${postId === undefined ? '' : `?postId=${postId}`}`);
