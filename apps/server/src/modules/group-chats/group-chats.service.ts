import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { Tenant as TenantSchema, type Tenant } from '@cmp/domain';
import type { ChatClient } from '@cmp/domain/chats/chat-clients';
import { chatStatusProblem, type ChatStatus } from '@cmp/domain/chats/chat-statuses';
import {
  GROUP_INFO_MEMBER_LIMIT,
  GroupChatFilterSchema,
  groupMoveProblem,
  type ChatSwitch,
  type GroupBasicInfo,
  type GroupChat,
  type GroupChatCreateFields,
  type GroupChatListQuery,
  type GroupChatPage,
  type GroupChatStatusChange,
  type GroupChatUpdateFields,
  type GroupMember,
  type GroupMemberPage,
  type GroupNotice,
  type GroupNotificationPayload,
  type GroupNotifyReceipt,
  type GroupState,
} from '@cmp/domain/chats/group-chats';
import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { assertVersion, changedFields } from '../../platform/audit/edits.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { liveAccountExists } from '../accounts/accounts.views.js';
import { findStation } from '../stations/station-directory.service.js';
import { GROUP_CHAT_LIST_EXPORT } from './group-chats.export.js';
import type { InviterIds } from './inviter-ids.js';
import * as repo from './group-chats.repo.js';

export const GROUP_CHAT_ENTITY = 'group_chat';

export const GroupChatExportFilterSchema = GroupChatFilterSchema.extend({ tenant: TenantSchema });
export type GroupChatExportFilter = z.infer<typeof GroupChatExportFilterSchema>;

/** The chat service's refusals, answered with its status as the code and its message (spec §8). */
export function chatRefusal(status: 'illegal_operation' | 'im_group_not_exist'): AppError {
  const rule = chatStatusProblem(status)!;
  return new AppError(status === 'im_group_not_exist' ? 404 : 409, status, rule.key, rule, undefined, rule);
}

const newChatId = () => `g${randomBytes(10).toString('hex')}`;

function toGroupChat(row: repo.GroupChatNamedRow, detail = true): GroupChat {
  const { group } = row;
  return {
    id: group.id,
    tenantId: group.tenant,
    clientCode: group.clientCode as ChatClient,
    resourceId: group.resourceId,
    resourceName: row.resourceName,
    chatSwitch: group.chatSwitch as ChatSwitch,
    chatId: group.chatId,
    owner: group.owner,
    ownerNickname: row.ownerNickname,
    groupName: group.groupName,
    groupIntro: group.groupIntro,
    groupCover: group.groupCover,
    detail: detail
      ? {
          chatStatus: group.chatStatus as ChatStatus,
          memberNum: group.memberNum,
          maxMemberNum: group.maxMemberNum,
        }
      : null,
    creator: group.creator,
    updater: group.updater,
    createdAt: group.createdAt.getTime(),
    updatedAt: group.updatedAt.getTime(),
    version: group.version,
  };
}

const editableOf = (row: repo.GroupChatRow): Record<string, unknown> => ({
  chatSwitch: row.chatSwitch,
  owner: row.owner,
  groupName: row.groupName,
  groupIntro: row.groupIntro,
  groupCover: row.groupCover,
  maxMemberNum: row.maxMemberNum,
});

type GroupFields = Omit<GroupChatUpdateFields, 'version'>;
const columnsOf = (fields: GroupFields) => ({
  chatSwitch: fields.chatSwitch,
  owner: fields.owner,
  groupName: fields.groupName,
  groupIntro: fields.groupIntro ?? null,
  groupCover: fields.groupCover ?? null,
  maxMemberNum: fields.maxMemberNum,
});

/** A group that is gone answers im_group_not_exist; one made invalid, illegal_operation. */
function assertUsable(group: repo.GroupChatRow | undefined): asserts group is repo.GroupChatRow {
  if (!group || group.chatStatus === 'DESTROY') throw chatRefusal('im_group_not_exist');
  if (group.chatStatus !== 'NORMAL') throw chatRefusal('illegal_operation');
}

/**
 * Group chats (spec M3.7, §7 chat-group): one group per station and client, saved and changed by staff,
 * its state moved only as `GROUP_STATE_MOVES` allows, its members joining through the apps' back end, and
 * appNotify written to the module's outbox for the push area. Every staff change is audited (`group_chat`).
 */
export class GroupChatsService {
  constructor(
    private readonly db: Db,
    private readonly inviters: InviterIds,
  ) {}

  async list(tenant: Tenant, query: GroupChatListQuery): Promise<GroupChatPage> {
    const { pageNo, pageSize, needChatInfoDetail, tenantId, ...filter } = query;
    if (tenantId && tenantId !== tenant) return { items: [], total: 0 };
    const page = await repo.groupChatList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    return { items: page.rows.map((row) => toGroupChat(row, needChatInfoDetail)), total: page.total };
  }

  readonly export = listExport({
    list: 'group-chats.list',
    query: GroupChatExportFilterSchema,
    sheet: GROUP_CHAT_LIST_EXPORT,
    rows: repo.groupChatList,
    items: (rows) => rows.map((row) => toGroupChat(row)),
  });

  async get(tenant: Tenant, groupId: number): Promise<GroupChat> {
    const row = await repo.findGroupChat(this.db, tenant, groupId);
    if (!row) throw chatRefusal('im_group_not_exist');
    return toGroupChat(row);
  }

  /** Spec chat-group/get-one: the station's group for the client. */
  async getOne(tenant: Tenant, resourceId: string, clientCode: ChatClient): Promise<GroupChat> {
    const row = await repo.findGroupOfStation(this.db, tenant, resourceId, clientCode);
    if (!row) throw chatRefusal('im_group_not_exist');
    return toGroupChat(row);
  }

  /**
   * Spec chat-group/save for a station and client without a group: the station must exist (422), have no
   * group for the client yet (409), and the owner be a live account of the tenant (422), who becomes the
   * first member. The group starts NORMAL with its chat switch as given (0 by default).
   */
  async create(tenant: Tenant, fields: GroupChatCreateFields, actor: Actor): Promise<GroupChat> {
    const { resourceId, clientCode } = fields;
    if (!(await findStation(this.db, resourceId))) {
      throw new RuleError(ruleMessage('groupChats.unknownStation', { resourceId }));
    }
    await this.assertAccount(this.db, tenant, fields.owner);
    const group = await this.db.transaction(async (tx) => {
      const row = await repo.insertGroupChat(tx, {
        ...columnsOf(fields),
        tenant,
        resourceId,
        clientCode,
        chatId: newChatId(),
        creator: actor.userName,
      });
      if (!row) {
        throw AppError.conflict(ruleMessage('groupChats.stationTaken', { resourceId, clientCode }));
      }
      await repo.addMember(tx, { groupId: row.id, accountId: fields.owner, clientCode });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GROUP_CHAT_ENTITY,
        entityId: String(row.id),
        action: 'GROUP_CHAT_CREATE',
        after: { resourceId, clientCode, chatId: row.chatId, chatStatus: row.chatStatus, ...editableOf(row) },
      });
      return row;
    });
    return this.get(tenant, group.id);
  }

  /**
   * Spec chat-group/save for an existing group: its fields from the version read (409 when saved since).
   * A destroyed group is gone (im_group_not_exist). A new owner must be a live account and joins; the
   * maximum cannot fall below the members there are.
   */
  async update(
    tenant: Tenant,
    groupId: number,
    input: GroupChatUpdateFields,
    actor: Actor,
  ): Promise<GroupChat> {
    const { version, ...fields } = input;
    await this.db.transaction(async (tx) => {
      const stored = await repo.lockGroupChat(tx, tenant, groupId);
      if (!stored || stored.chatStatus === 'DESTROY') throw chatRefusal('im_group_not_exist');
      assertVersion(stored.version, version, 'groupChats.versionConflict');
      let members = stored.memberNum;
      if (fields.owner !== stored.owner) {
        await this.assertAccount(tx, tenant, fields.owner);
        const joined = await repo.addMember(tx, {
          groupId,
          accountId: fields.owner,
          clientCode: stored.clientCode,
        });
        if (joined) members += 1;
      }
      if (fields.maxMemberNum < members) {
        throw new RuleError(ruleMessage('groupChats.maxBelowMembers', { members }));
      }
      const row = await repo.updateGroupChat(tx, groupId, { ...columnsOf(fields), updater: actor.userName });
      const changes = changedFields(editableOf(stored), editableOf(row));
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GROUP_CHAT_ENTITY,
        entityId: String(groupId),
        action: 'GROUP_CHAT_UPDATE',
        before: { ...changes.before, version: stored.version },
        after: { ...changes.after, version: row.version },
      });
    });
    return this.get(tenant, groupId);
  }

  /**
   * Moves the group's state: NORMAL ⇄ INVALID, either → DESTROY. From DESTROY nothing moves
   * (im_group_not_exist); any other move, the same state included, is illegal_operation.
   */
  async changeStatus(
    tenant: Tenant,
    groupId: number,
    change: GroupChatStatusChange,
    actor: Actor,
  ): Promise<GroupChat> {
    await this.db.transaction(async (tx) => {
      const stored = await repo.lockGroupChat(tx, tenant, groupId);
      if (!stored) throw chatRefusal('im_group_not_exist');
      const problem = groupMoveProblem(stored.chatStatus as GroupState, change.chatStatus);
      if (problem) throw chatRefusal(problem);
      assertVersion(stored.version, change.version, 'groupChats.versionConflict');
      const row = await repo.updateGroupChat(tx, groupId, {
        chatStatus: change.chatStatus,
        updater: actor.userName,
      });
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GROUP_CHAT_ENTITY,
        entityId: String(groupId),
        action: 'GROUP_CHAT_STATUS',
        before: { chatStatus: stored.chatStatus, version: stored.version },
        after: { chatStatus: row.chatStatus, version: row.version },
      });
    });
    return this.get(tenant, groupId);
  }

  async members(
    tenant: Tenant,
    groupId: number,
    page: { pageNo: number; pageSize: number },
  ): Promise<GroupMemberPage> {
    const group = await repo.findGroupChat(this.db, tenant, groupId);
    if (!group) throw chatRefusal('im_group_not_exist');
    const { rows, total } = await repo.memberPage(this.db, tenant, groupId, page);
    return {
      items: rows.map((row) => this.toMember(row, group.group.owner)),
      total,
    };
  }

  /**
   * Spec appNotify: an in-app notification to every member of a NORMAL group, one `pending` outbox row
   * each in the change's transaction, delivered by the push area. Audited with its recipients' count.
   */
  async notify(
    tenant: Tenant,
    groupId: number,
    notice: { title: string; content: string; linkUrl?: string | null },
    actor: Actor,
  ): Promise<GroupNotifyReceipt> {
    return this.db.transaction(async (tx) => {
      const group = await repo.lockGroupChat(tx, tenant, groupId);
      assertUsable(group);
      const recipients = await repo.memberIds(tx, groupId);
      const batchId = randomUUID();
      const payload: GroupNotificationPayload = {
        type: 'group_chat_notice',
        groupId,
        chatId: group.chatId,
        groupName: group.groupName,
        title: notice.title,
        content: notice.content,
        linkUrl: notice.linkUrl ?? null,
      };
      await repo.insertNotifications(
        tx,
        recipients.map((accountId) => ({
          tenant,
          groupId,
          batchId,
          accountId,
          payload,
          createdBy: actor.userName,
        })),
      );
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: GROUP_CHAT_ENTITY,
        entityId: String(groupId),
        action: 'GROUP_CHAT_NOTIFY',
        after: { batchId, title: notice.title, content: notice.content, recipients: recipients.length },
      });
      return { batchId, recipients: recipients.length, status: 'pending' as const };
    });
  }

  /** The group's latest notices (at most 50), each with how many of its rows still wait for delivery. */
  async notices(tenant: Tenant, groupId: number): Promise<{ items: GroupNotice[] }> {
    const group = await repo.findGroupChat(this.db, tenant, groupId);
    if (!group) throw chatRefusal('im_group_not_exist');
    const rows = await repo.noticesOf(this.db, groupId, 50);
    return {
      items: rows.map((row) => {
        const payload = JSON.parse(row.payload!) as GroupNotificationPayload;
        return {
          batchId: row.batchId,
          title: payload.title,
          content: payload.content,
          linkUrl: payload.linkUrl,
          recipients: row.recipients,
          pending: row.pending,
          createdBy: row.createdBy,
          createdAt: row.createdAt!.getTime(),
        };
      }),
    };
  }

  // The apps' back end.

  /**
   * An account joins the group from the app: the group must be usable and switched on, of the app's
   * client (else illegal_operation, the wrong group type), with room left. An invitation's encrypted
   * inviter is checked and kept. Joining again answers the member as it is.
   */
  async join(
    tenant: Tenant,
    groupId: number,
    input: { accountId: string; clientCode: ChatClient; inviterIdEncrypt?: string | undefined },
  ): Promise<GroupMember> {
    await this.db.transaction(async (tx) => {
      const group = await repo.lockGroupChat(tx, tenant, groupId);
      assertUsable(group);
      if (group.clientCode !== input.clientCode) throw chatRefusal('illegal_operation');
      if (group.chatSwitch !== 1) throw AppError.conflict(ruleMessage('groupChats.chatClosed'));
      await this.assertAccount(tx, tenant, input.accountId);
      if (await repo.isMember(tx, groupId, input.accountId)) return;
      let invitedBy: string | null = null;
      if (input.inviterIdEncrypt !== undefined) {
        invitedBy = (await this.inviters.decrypt(tenant, groupId, input.inviterIdEncrypt)) ?? null;
        if (invitedBy === null) throw new RuleError(ruleMessage('groupChats.badInviter'));
      }
      if (group.memberNum >= group.maxMemberNum) {
        throw AppError.conflict(ruleMessage('groupChats.full', { max: group.maxMemberNum }));
      }
      await repo.addMember(tx, {
        groupId,
        accountId: input.accountId,
        clientCode: input.clientCode,
        invitedBy,
      });
    });
    return this.member(tenant, groupId, input.accountId);
  }

  /** An account leaves; the owner cannot (409). Leaving a group one is not in changes nothing. */
  async leave(tenant: Tenant, groupId: number, accountId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const group = await repo.lockGroupChat(tx, tenant, groupId);
      if (!group || group.chatStatus === 'DESTROY') throw chatRefusal('im_group_not_exist');
      if (group.owner === accountId) throw AppError.conflict(ruleMessage('groupChats.ownerLeaves'));
      await repo.removeMember(tx, groupId, accountId);
    });
  }

  /** The app's group of a station for its client (spec get-one), with its detail. */
  async forStation(tenant: Tenant, resourceId: string, clientCode: ChatClient): Promise<GroupChat> {
    return this.getOne(tenant, resourceId, clientCode);
  }

  /**
   * The group info an invitation's H5 page shows (spec group/basic-info/h5): name, cover, intro, member
   * count and the first members' nickname and avatar, and the inviter's id encrypted, never as it is. The
   * inviter must be a member (422).
   */
  async basicInfo(tenant: Tenant, groupId: number, inviterId?: string): Promise<GroupBasicInfo> {
    const found = await repo.findGroupChat(this.db, tenant, groupId);
    assertUsable(found?.group);
    const group = found!.group;
    if (inviterId !== undefined && !(await repo.isMember(this.db, groupId, inviterId))) {
      throw new RuleError(ruleMessage('groupChats.badInviter'));
    }
    const { rows } = await repo.memberPage(this.db, tenant, groupId, {
      pageNo: 1,
      pageSize: GROUP_INFO_MEMBER_LIMIT,
    });
    return {
      groupId,
      inviterIdEncrypt:
        inviterId === undefined ? null : await this.inviters.encrypt(tenant, groupId, inviterId),
      groupName: group.groupName,
      groupCover: group.groupCover,
      groupIntro: group.groupIntro,
      memberSize: group.memberNum,
      memberList: rows.map((row) => ({ nickname: row.nickname, avatar: row.avatar })),
    };
  }

  /**
   * The group info for whoever opens an invitation (the H5 share page): only with an inviter token this
   * portal made for this tenant's group, 404 otherwise as for a group that does not exist, so that group ids
   * cannot be walked for their members.
   */
  async invitationInfo(tenant: Tenant, groupId: number, inviterIdEncrypt: string): Promise<GroupBasicInfo> {
    const inviterId = await this.inviters.decrypt(tenant, groupId, inviterIdEncrypt);
    if (inviterId === undefined) throw AppError.notFound('group invitation', groupId);
    return this.basicInfo(tenant, groupId, inviterId);
  }

  private async member(tenant: Tenant, groupId: number, accountId: string): Promise<GroupMember> {
    const group = (await repo.findGroupChat(this.db, tenant, groupId))!;
    const row = (await repo.findMember(this.db, tenant, groupId, accountId))!;
    return this.toMember(row, group.group.owner);
  }

  private toMember(row: repo.MemberNamedRow, owner: string): GroupMember {
    return {
      accountId: row.member.accountId,
      nickname: row.nickname,
      avatar: row.avatar,
      clientCode: row.member.clientCode as ChatClient,
      invitedBy: row.member.invitedBy,
      owner: row.member.accountId === owner,
      joinedAt: row.member.joinedAt.getTime(),
    };
  }

  private async assertAccount(db: DbOrTx, tenant: Tenant, accountId: string): Promise<void> {
    if (!(await liveAccountExists(db, tenant, accountId))) {
      throw new RuleError(ruleMessage('groupChats.unknownAccount', { accountId }));
    }
  }
}
