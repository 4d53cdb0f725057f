import { describe, expect, it } from 'vitest';
import { bizSceneCodeForSave, bizSceneForSave } from './biz-scenes.js';

describe('business scenes on save', () => {
  it('should send code -1 as empty', () => {
    expect(bizSceneCodeForSave(-1)).toBe('');
    expect(bizSceneForSave({ code: -1, desc: 'none' })).toEqual({ code: '', desc: 'none' });
  });

  it('should send other codes unchanged', () => {
    expect(bizSceneCodeForSave(0)).toBe(0);
    expect(bizSceneForSave({ code: 3 })).toEqual({ code: 3 });
  });
});
