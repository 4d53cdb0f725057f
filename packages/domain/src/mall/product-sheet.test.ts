import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import { parseItems, parseProductRow, productRowMessages, yuanToCents } from './product-sheet.js';

const zh = (messages: { key: string }[]) => messages.map((m) => formatMessage('zh-CN', m as never)).join('');

describe('product sheet rules', () => {
  it('should read yuan with at most two decimals as cents, and nothing else', () => {
    expect(['9.9', '9.90', '100', '0.01', '1234567.89'].map(yuanToCents)).toEqual([
      990, 990, 10000, 1, 123456789,
    ]);
    expect(['9.999', '-1', '1e3', '1,000', '', ' 1', '¥1'].map(yuanToCents)).toEqual(
      Array(7).fill(undefined),
    );
  });

  it('should read items as type:code:name:count joined by semicolons, full-width marks too', () => {
    expect(parseItems('coupon:12:满50减10:2；实物：CUP：杯子：1').items).toEqual([
      { itemType: 'coupon', itemCode: '12', itemName: '满50减10', itemCount: 2 },
      { itemType: 'goods', itemCode: 'CUP', itemName: '杯子', itemCount: 1 },
    ]);
    expect(parseItems('goods:A:名称:含冒号:3').items[0]).toMatchObject({
      itemName: '名称:含冒号',
      itemCount: 3,
    });
    expect(zh(parseItems('coupon:abc:券:1').problems)).toBe('券批次abc不存在;');
    expect(zh(parseItems('gift:1:x:1').problems)).toBe('商品内容“gift:1:x:1”的类型不是coupon或goods;');
    expect(zh(parseItems('').problems)).toBe('商品内容必填;');
  });

  it('should find names given twice in the sheet and names taken, batches and operators unknown', () => {
    const column = (key: string) => key;
    const rows = [
      ['A', '1', '', 'coupon:1:x:1', '', '', 'OP1'],
      ['A', '1', '', 'coupon:2:x:1', '', '', 'OP9'],
      ['B', '1', '', 'goods:G:x:1'],
    ].map((cells) => parseProductRow(cells, column as never));
    const messages = productRowMessages(rows, {
      existingNames: new Set(['B']),
      couponBatchIds: new Set([1]),
      operatorIds: new Set(['OP1']),
    });
    expect(messages.map(zh)).toEqual([
      '',
      '商品名称在表格中重复;券批次2不存在;运营商OP9不存在;',
      '商品名称已存在;',
    ]);
  });
});
