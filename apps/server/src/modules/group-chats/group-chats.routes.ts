import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GroupChatCreateSchema,
  GroupChatFilterSchema,
  GroupChatListQuerySchema,
  GroupChatOneQuerySchema,
  GroupChatPageSchema,
  GroupChatParamsSchema,
  GroupChatSchema,
  GroupChatStatusChangeSchema,
  GroupChatUpdateSchema,
  GroupMemberListQuerySchema,
  GroupMemberPageSchema,
  GroupNoticeListSchema,
  GroupNotifyReceiptSchema,
  GroupNotifySchema,
} from '@cmp/domain/chats/group-chats';
import { actorOf } from '../../platform/audit/audit.js';
import type { ListExports } from '../../platform/export/export-route.js';
import type { GroupChatsService } from './group-chats.service.js';

const tags = ['group-chats'];
const REFUSALS =
  'A group that does not exist or was destroyed answers 404 im_group_not_exist; a move its state does not ' +
  'allow, 409 illegal_operation (each with the spec’s message).';

/**
 * The tenant's group chats under /api/{tenant}/group-chats (spec cdm chat-group get-one, save, appNotify):
 * viewers read, operators change.
 */
export const groupChatRoutes: FastifyPluginAsyncZod<{
  groups: GroupChatsService;
  listExports: ListExports;
}> = async (app, { groups, listExports }) => {
  app.get(
    '/group-chats',
    {
      schema: {
        tags,
        summary: 'List group chats',
        description: 'The group chat filter; without needChatInfoDetail=true each detail is null.',
        querystring: GroupChatListQuerySchema,
        response: { 200: GroupChatPageSchema },
      },
    },
    (request) => groups.list(request.tenant!, request.query),
  );

  listExports.route(app, {
    url: '/group-chats/export',
    tags,
    summary: 'Export group chats',
    filter: GroupChatFilterSchema,
    list: groups.export,
    query: (filter, request) => ({ ...filter, tenant: request.tenant! }),
  });

  app.get(
    '/group-chats/one',
    {
      schema: {
        tags,
        summary: 'The group chat of a station and client (get-one)',
        description: REFUSALS,
        querystring: GroupChatOneQuerySchema,
        response: { 200: GroupChatSchema },
      },
    },
    (request) => groups.getOne(request.tenant!, request.query.resourceId, request.query.clientCode),
  );

  app.get(
    '/group-chats/:groupId',
    {
      schema: {
        tags,
        summary: 'Get a group chat with its detail',
        description: REFUSALS,
        params: GroupChatParamsSchema,
        response: { 200: GroupChatSchema },
      },
    },
    (request) => groups.get(request.tenant!, request.params.groupId),
  );

  app.post(
    '/group-chats',
    {
      schema: {
        tags,
        summary: 'Create the group chat of a station and client (save)',
        description:
          'One group per station and client: 409 when the station has one for the client, 422 for a station ' +
          'or an owner account that does not exist. The owner is the first member; the chat switch is 0 ' +
          'unless given.',
        body: GroupChatCreateSchema,
        response: { 201: GroupChatSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await groups.create(request.tenant!, request.body, actorOf(request))),
  );

  app.put(
    '/group-chats/:groupId',
    {
      schema: {
        tags,
        summary: 'Change a group chat (save)',
        description: `From the version read: 409 when it was saved since. ${REFUSALS}`,
        params: GroupChatParamsSchema,
        body: GroupChatUpdateSchema,
        response: { 200: GroupChatSchema },
      },
    },
    (request) => groups.update(request.tenant!, request.params.groupId, request.body, actorOf(request)),
  );

  app.post(
    '/group-chats/:groupId/status',
    {
      schema: {
        tags,
        summary: 'Move a group chat’s status',
        description: `NORMAL ⇄ INVALID, NORMAL or INVALID → DESTROY. ${REFUSALS}`,
        params: GroupChatParamsSchema,
        body: GroupChatStatusChangeSchema,
        response: { 200: GroupChatSchema },
      },
    },
    (request) => groups.changeStatus(request.tenant!, request.params.groupId, request.body, actorOf(request)),
  );

  app.get(
    '/group-chats/:groupId/members',
    {
      schema: {
        tags,
        summary: 'List a group chat’s members',
        params: GroupChatParamsSchema,
        querystring: GroupMemberListQuerySchema,
        response: { 200: GroupMemberPageSchema },
      },
    },
    (request) => groups.members(request.tenant!, request.params.groupId, request.query),
  );

  app.post(
    '/group-chats/:groupId/app-notify',
    {
      schema: {
        tags,
        summary: 'Notify a group chat’s members in the app (appNotify)',
        description:
          'Writes one pending row per member to the group chats’ notification outbox, delivered by the push ' +
          `area. Only a NORMAL group: ${REFUSALS}`,
        params: GroupChatParamsSchema,
        body: GroupNotifySchema,
        response: { 202: GroupNotifyReceiptSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await groups.notify(request.tenant!, request.params.groupId, request.body, actorOf(request))),
  );

  app.get(
    '/group-chats/:groupId/notices',
    {
      schema: {
        tags,
        summary: 'A group chat’s latest notices',
        params: GroupChatParamsSchema,
        response: { 200: GroupNoticeListSchema },
      },
    },
    (request) => groups.notices(request.tenant!, request.params.groupId),
  );
};
