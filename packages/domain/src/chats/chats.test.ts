import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { CHAT_CLIENT_LABELS, CHAT_CLIENTS, DEFAULT_CHAT_SWITCH } from './chat-clients.js';
import { CHAT_STATUS_LABELS, CHAT_STATUSES, chatStatusProblem } from './chat-statuses.js';

const en = (key: string): string => formatMessage('en-US', { key });

describe('chat clients', () => {
  it('should list sapp, nio_app, pe_app and pe_wx_mini once each', () => {
    expect(CHAT_CLIENTS).toEqual(['sapp', 'nio_app', 'pe_app', 'pe_wx_mini']);
  });

  it('should label pe_wx_mini for both mini-programs', () => {
    expect(en(CHAT_CLIENT_LABELS.pe_wx_mini)).toBe('PE WeChat / Alipay mini-program');
  });

  it('should start with the chat switched off', () => {
    expect(DEFAULT_CHAT_SWITCH).toBe(0);
  });
});

describe('chat statuses', () => {
  it('should know the five statuses', () => {
    expect(CHAT_STATUSES.map((s) => en(CHAT_STATUS_LABELS[s]))).toEqual([
      'Normal',
      'Destroyed',
      'Invalid',
      'Illegal operation, wrong group type',
      'Group does not exist or was destroyed',
    ]);
  });

  it("should report illegal_operation as 'Illegal operation, wrong group type'", () => {
    expect(en(chatStatusProblem('illegal_operation')!.key)).toBe('Illegal operation, wrong group type');
  });

  it("should report im_group_not_exist as 'Group does not exist or was destroyed'", () => {
    expect(en(chatStatusProblem('im_group_not_exist')!.key)).toBe('Group does not exist or was destroyed');
  });

  it('should report nothing for a normal group', () => {
    expect(chatStatusProblem('NORMAL')).toBeUndefined();
  });
});
