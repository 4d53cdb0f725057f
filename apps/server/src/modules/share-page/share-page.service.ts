import type { GroupBasicInfo } from '@cmp/domain/chats/group-chats';
import { ruleMessage } from '@cmp/domain/messages/format';
import type {
  PublicGroupInfoRequest,
  PublicShareTemplateQuery,
  WechatSignRequest,
  WechatSignature,
} from '@cmp/domain/share-page/share-page';
import type { AppShareTemplate } from '@cmp/domain/share-templates/share-templates';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { AppError } from '../../platform/http/app-error.js';
import type { GroupChatsService } from '../group-chats/group-chats.service.js';
import type { ShareTemplatesService } from '../share-templates/share-templates.service.js';
import { newNonce, wechatSignature } from './wechat-signature.js';

export interface WechatAccount {
  appId: string | undefined;
  jsapiTicket: string | undefined;
}

/**
 * What the public H5 share page reads: a share template, a group invitation's info, and the messenger's
 * share signature (docs/decisions.md "The H5 share page").
 */
export class SharePageService {
  constructor(
    private readonly templates: ShareTemplatesService,
    private readonly groups: GroupChatsService,
    private readonly wechat: WechatAccount,
    /** PUBLIC_URL: when set, only pages under it are signed. */
    private readonly publicUrl: string | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  template(query: PublicShareTemplateQuery, baseUrl: string): Promise<AppShareTemplate> {
    return this.templates.forApp(query.tenant, query.share_type, query.share_templet_id, baseUrl);
  }

  groupInfo(request: PublicGroupInfoRequest): Promise<GroupBasicInfo> {
    return this.groups.invitationInfo(request.tenant, request.groupId, request.inviterIdEncrypt);
  }

  sign(request: WechatSignRequest): WechatSignature {
    const { appId, jsapiTicket } = this.wechat;
    if (appId === undefined || jsapiTicket === undefined) {
      const message = ruleMessage('share.signUnconfigured');
      throw new AppError(503, 'not_configured', message.key, undefined, undefined, message);
    }
    if (this.publicUrl !== undefined && new URL(request.url).origin !== new URL(this.publicUrl).origin) {
      throw new RuleError(ruleMessage('share.signForeignUrl'));
    }
    const nonceStr = newNonce();
    const timestamp = Math.floor(this.clock() / 1000);
    return {
      appId,
      timestamp,
      nonceStr,
      signature: wechatSignature({ ticket: jsapiTicket, nonceStr, timestamp, url: request.url }),
    };
  }
}
