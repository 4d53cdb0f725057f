import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

/**
 * The PE Alipay mini-program joins the same chat groups as the WeChat one and is registered under the
 * same code, pe_wx_mini; so the list has four codes, and that one is labelled for both mini-programs.
 */
export const CHAT_CLIENTS = ['sapp', 'nio_app', 'pe_app', 'pe_wx_mini'] as const;
export const ChatClientSchema = z.enum(CHAT_CLIENTS);
export type ChatClient = z.infer<typeof ChatClientSchema>;
export const CHAT_CLIENT_LABELS = {
  sapp: 'chatClient.sapp',
  nio_app: 'chatClient.nioApp',
  pe_app: 'chatClient.peApp',
  pe_wx_mini: 'chatClient.peMini',
} as const satisfies Record<ChatClient, MessageKey>;

/** A resource's group chat is off until staff switch it on. */
export const DEFAULT_CHAT_SWITCH = 0;
