import { describe, expect, it } from 'vitest';
import { CLIENT_CODES, ClientCodeSchema } from './clients.js';

describe('client codes', () => {
  it('should list the seven clients', () => {
    expect(CLIENT_CODES).toEqual([
      'nio_app',
      'pe_app',
      'titan_app',
      'pe_wx_mini',
      'pe_alipay_mini',
      'rsc_feishu_mini',
      'other',
    ]);
  });

  it('should refuse an unknown client', () => {
    expect(ClientCodeSchema.safeParse('web').success).toBe(false);
  });
});
