import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { ApiError } from './client';
import { describeError, fieldLabel } from './describe-error';

// What the server answers a list URL whose resourceType was typed by hand.
const craftedUrl = new ApiError(
  400,
  'validation_failed',
  'querystring.resourceType.0: Invalid option: expected one of "ChargeStation"|"PowerSwap"',
  [{ path: 'querystring.resourceType.0', message: '请选择给出的选项', key: 'form.invalidOption' }],
);

describe('describeError', () => {
  afterEach(() => changeLanguage('zh-CN'));

  it('should name a refused field by its label and say what is wrong in the reader language', async () => {
    expect(describeError(i18n, craftedUrl)).toBe('部分内容未通过校验：站点类型：请选择给出的选项');
    await changeLanguage('en-US');
    expect(describeError(i18n, craftedUrl)).toBe(
      'Some values were refused: Station type: Choose one of the offered values',
    );
  });

  it('should never show a request path or a library message, even for a field no screen names', () => {
    const text = describeError(
      i18n,
      new ApiError(400, 'validation_failed', 'body.zzInternal: Invalid input', [
        { path: 'body.zzInternal', message: 'Invalid input' },
        {
          path: 'body.remark',
          message: 'Enter at most 512 characters',
          key: 'form.maxLength',
          params: { max: 512 },
        },
      ]),
    );
    expect(text).toBe('部分内容未通过校验：输入的值无效；备注：输入长度不能超过512个字符');
    expect(text).not.toMatch(/body|zzInternal|Invalid/);
  });

  it('should find the label of a nested or indexed path', () => {
    expect(fieldLabel(i18n, 'querystring.bizScenes.0')).toBe('业务场景');
    expect(fieldLabel(i18n, 'params')).toBeUndefined();
  });
});
