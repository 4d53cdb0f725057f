import { describe, expect, it, vi } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  recipientErrorMessage,
  recipientIdType,
  recipientRowMessages,
  validateRecipients,
  type RecipientLookup,
} from './recipient-import.js';

const knows =
  (...known: string[]): RecipientLookup =>
  async (identifiers) =>
    new Set(identifiers.filter((id) => known.includes(id)));

describe('recipientIdType', () => {
  it('should read 手机号 as mobile and 账号 as account id', () => {
    expect(recipientIdType('手机号')).toBe('mobile');
    expect(recipientIdType(' 账号 ')).toBe('accountId');
  });

  it('should know no other header', () => {
    expect(recipientIdType('mobile')).toBeUndefined();
    expect(recipientIdType('toString')).toBeUndefined();
  });
});

describe('validateRecipients', () => {
  it('should accept a sheet of registered mobiles', async () => {
    const result = await validateRecipients(
      { header: '手机号', identifiers: ['13800000001', ' 13800000002 '] },
      knows('13800000001', '13800000002'),
    );
    expect(result).toEqual({ ok: true, idType: 'mobile', recipients: ['13800000001', '13800000002'] });
  });

  it('should accept a sheet of valid account ids', async () => {
    const result = await validateRecipients({ header: '账号', identifiers: ['a1'] }, knows('a1'));
    expect(result).toEqual({ ok: true, idType: 'accountId', recipients: ['a1'] });
  });

  describe('UNKNOWN_HEADER', () => {
    it('should refuse any other header without looking anything up', async () => {
      const lookup = vi.fn(knows());
      const result = await validateRecipients({ header: '姓名', identifiers: ['x'] }, lookup);
      expect(result).toEqual({ ok: false, errors: [{ type: 'UNKNOWN_HEADER', header: '姓名' }] });
      expect(lookup).not.toHaveBeenCalled();
    });
  });

  describe('NO_RECIPIENTS', () => {
    it('should refuse a sheet with only the header', async () => {
      const result = await validateRecipients({ header: '手机号', identifiers: [] }, knows());
      expect(result).toEqual({ ok: false, idType: 'mobile', errors: [{ type: 'NO_RECIPIENTS' }] });
    });
  });

  describe('EMPTY_IDENTIFIER', () => {
    it('should mark an empty row invalid', async () => {
      const result = await validateRecipients(
        { header: '手机号', identifiers: ['13800000001', '  '] },
        knows('13800000001'),
      );
      expect(result).toEqual({ ok: false, idType: 'mobile', errors: [{ type: 'EMPTY_IDENTIFIER', row: 2 }] });
    });
  });

  describe('DUPLICATE', () => {
    it('should mark every repeat after the first', async () => {
      const result = await validateRecipients(
        { header: '账号', identifiers: ['a1', 'a2', 'a1', 'a1'] },
        knows('a1', 'a2'),
      );
      expect(result).toEqual({
        ok: false,
        idType: 'accountId',
        errors: [
          { type: 'DUPLICATE', row: 3, value: 'a1', firstRow: 1 },
          { type: 'DUPLICATE', row: 4, value: 'a1', firstRow: 1 },
        ],
      });
    });
  });

  describe('MOBILE_NOT_REGISTERED', () => {
    it('should mark a mobile the look-up did not find', async () => {
      const result = await validateRecipients({ header: '手机号', identifiers: ['13800000009'] }, knows());
      expect(result).toEqual({
        ok: false,
        idType: 'mobile',
        errors: [{ type: 'MOBILE_NOT_REGISTERED', row: 1, value: '13800000009' }],
      });
    });
  });

  describe('ACCOUNT_INVALID', () => {
    it('should mark an account id the look-up did not find', async () => {
      const result = await validateRecipients({ header: '账号', identifiers: ['zz'] }, knows());
      expect(result).toEqual({
        ok: false,
        idType: 'accountId',
        errors: [{ type: 'ACCOUNT_INVALID', row: 1, value: 'zz' }],
      });
    });
  });

  it('should report every problem of every row, several on one row', async () => {
    const result = await validateRecipients({ header: '手机号', identifiers: ['139', '', '139'] }, knows());
    expect(result).toEqual({
      ok: false,
      idType: 'mobile',
      errors: [
        { type: 'MOBILE_NOT_REGISTERED', row: 1, value: '139' },
        { type: 'EMPTY_IDENTIFIER', row: 2 },
        { type: 'DUPLICATE', row: 3, value: '139', firstRow: 1 },
        { type: 'MOBILE_NOT_REGISTERED', row: 3, value: '139' },
      ],
    });
  });

  it('should look up each non-empty identifier once, in one call, with its type', async () => {
    const lookup = vi.fn(knows('a1'));
    await validateRecipients({ header: '账号', identifiers: ['a1', 'a1', '', 'a2'] }, lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith(['a1', 'a2'], 'accountId');
  });
});

describe('row messages', () => {
  it('should use the spec texts verbatim in Chinese', async () => {
    const result = await validateRecipients({ header: '手机号', identifiers: ['139', '139', ''] }, knows());
    const rows = recipientRowMessages(result.ok ? [] : result.errors, 3);
    expect(rows.map((row) => row.map((m) => formatMessage('zh-CN', m)).join(''))).toEqual([
      '该手机号未注册;',
      '重复数据;该手机号未注册;',
      '数据为空;',
    ]);
  });

  it('should use 该账号无效; for an unknown account', () => {
    const msg = recipientErrorMessage({ type: 'ACCOUNT_INVALID', row: 1, value: 'x' });
    expect(formatMessage('zh-CN', msg)).toBe('该账号无效;');
  });

  it('should explain an unknown header', () => {
    const msg = recipientErrorMessage({ type: 'UNKNOWN_HEADER', header: '姓名' });
    expect(formatMessage('en-US', msg)).toBe(
      'The first column header must be 手机号 (mobile) or 账号 (account), not 姓名',
    );
  });

  it('should leave valid rows without messages and ignore sheet-level errors', () => {
    expect(
      recipientRowMessages([{ type: 'NO_RECIPIENTS' }, { type: 'EMPTY_IDENTIFIER', row: 2 }], 2),
    ).toEqual([[], [{ key: 'recipients.empty', params: { row: 2 } }]]);
  });
});
