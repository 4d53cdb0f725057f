import { SHARE_TYPES, type ShareType } from '@cmp/domain/share-templates/share-types';

export type ShareTenant = 'nio' | 'pe' | 'rsc';

/** What the share link carries; `problem` names the first parameter missing or wrong. */
export type ShareParams =
  | {
      problem?: undefined;
      tenant: ShareTenant;
      shareType: ShareType;
      shareTempletId: number;
      /** A group invitation's group and the inviter token the app made for it. */
      group?: { groupId: number; inviterIdEncrypt: string };
    }
  | { problem: 'share_templet_id' | 'share_type' | 'tenant' | 'group_id' };

const TENANTS: readonly ShareTenant[] = ['nio', 'pe', 'rsc'];
const POSITIVE_INTEGER = /^[1-9]\d{0,15}$/;

/**
 * Reads the share link: share_templet_id (a whole number), share_type, the tenant (pe when absent, the
 * spec's calls being pe's) and, for a group invitation, group_id and inviter (its encrypted inviter id).
 */
export function readShareParams(search: string): ShareParams {
  const query = new URLSearchParams(search);
  const id = query.get('share_templet_id') ?? '';
  if (!POSITIVE_INTEGER.test(id)) return { problem: 'share_templet_id' };
  const shareType = query.get('share_type') ?? '';
  if (!(SHARE_TYPES as readonly string[]).includes(shareType)) return { problem: 'share_type' };
  const tenant = query.get('tenant') ?? 'pe';
  if (!(TENANTS as readonly string[]).includes(tenant)) return { problem: 'tenant' };
  const base = {
    tenant: tenant as ShareTenant,
    shareType: shareType as ShareType,
    shareTempletId: Number(id),
  };
  if (shareType !== 'group_invite') return base;
  const groupId = query.get('group_id') ?? '';
  const inviter = query.get('inviter') ?? '';
  if (!POSITIVE_INTEGER.test(groupId) || inviter === '') return { problem: 'group_id' };
  return { ...base, group: { groupId: Number(groupId), inviterIdEncrypt: inviter } };
}
