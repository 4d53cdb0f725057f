import { describe, expect, it } from 'vitest';
import { normalizeNotificationType } from './notification-type.js';

describe('normalizeNotificationType', () => {
  it.each(['v2g', 'V2g', 'v2G', 'V2G'])('should send %s as V2G', (type) => {
    expect(normalizeNotificationType(type)).toBe('V2G');
  });

  it('should keep other types unchanged', () => {
    expect(normalizeNotificationType('notice')).toBe('notice');
    expect(normalizeNotificationType('v2gx')).toBe('v2gx');
  });
});
