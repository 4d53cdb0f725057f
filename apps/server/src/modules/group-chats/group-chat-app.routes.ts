import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppGroupInfoRequestSchema,
  AppGroupJoinSchema,
  AppGroupMemberParamsSchema,
  GroupBasicInfoSchema,
  GroupChatOneQuerySchema,
  GroupChatParamsSchema,
  GroupChatSchema,
  GroupMemberSchema,
} from '@cmp/domain/chats/group-chats';
import type { GroupChatsService } from './group-chats.service.js';

const tags = ['app: group chats'];
const SIGNED =
  'Signed by the app back end (x-cmp-key-id, x-cmp-timestamp, x-cmp-nonce, x-cmp-signature); the tenant ' +
  "is the client's.";
const REFUSALS =
  '404 im_group_not_exist for a group that does not exist or was destroyed, 409 illegal_operation for an ' +
  'invalid group or one of another client (the wrong group type).';

/** The apps' group chat calls, registered through `signedRoutes(APP_BACKEND_CLIENT)`. */
export const groupChatAppRoutes: FastifyPluginAsyncZod<{ groups: GroupChatsService }> = async (
  app,
  { groups },
) => {
  app.get(
    '/app/group-chats/one',
    {
      schema: {
        tags,
        summary: 'The group chat of a station for a client',
        description: `${SIGNED} 404 im_group_not_exist when the station has none for the client.`,
        querystring: GroupChatOneQuerySchema,
        response: { 200: GroupChatSchema },
      },
    },
    (request) =>
      groups.forStation(request.signedClient!.tenant, request.query.resourceId, request.query.clientCode),
  );

  app.post(
    '/app/group-chats/:groupId/members',
    {
      schema: {
        tags,
        summary: 'An account joins a group chat',
        description:
          `${SIGNED} The group must be switched on (409 otherwise) and have room (409); the account must be a ` +
          'live account of the tenant (422). inviterIdEncrypt is the token of the group info the invitation ' +
          `carried (422 when it is not one made for this group). Joining again answers the member. ${REFUSALS}`,
        params: GroupChatParamsSchema,
        body: AppGroupJoinSchema,
        response: { 200: GroupMemberSchema },
      },
    },
    (request) => groups.join(request.signedClient!.tenant, request.params.groupId, request.body),
  );

  app.delete(
    '/app/group-chats/:groupId/members/:accountId',
    {
      schema: {
        tags,
        summary: 'An account leaves a group chat',
        description: `${SIGNED} 409 for the owner. 404 im_group_not_exist for a group that does not exist or was destroyed.`,
        params: AppGroupMemberParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await groups.leave(request.signedClient!.tenant, request.params.groupId, request.params.accountId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/app/group-chats/basic-info',
    {
      schema: {
        tags,
        summary: 'A group chat’s info for an invitation’s H5 page',
        description:
          `${SIGNED} Name, cover, intro, member count and the first 20 members' nickname and avatar; with ` +
          'inviterId (a member, 422 otherwise) the answer carries it encrypted as inviterIdEncrypt, never as ' +
          `it is. ${REFUSALS}`,
        body: AppGroupInfoRequestSchema,
        response: { 200: GroupBasicInfoSchema },
      },
    },
    (request) => groups.basicInfo(request.signedClient!.tenant, request.body.groupId, request.body.inviterId),
  );
};
