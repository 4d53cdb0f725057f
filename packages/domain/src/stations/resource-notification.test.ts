import { describe, expect, it } from 'vitest';
import { fieldRuleMessages } from '../shared/zod-issues.js';
import { ResourceNotificationSaveSchema } from './resource-notification.js';

const valid = {
  resourceId: 'CS1',
  notification: 'Charger 3 is under maintenance',
  showTimeBegin: 1_700_000_000_000,
  showTimeEnd: 1_700_003_600_000,
  type: 'NOTICE',
};

const problems = (input: object) => {
  const result = ResourceNotificationSaveSchema.safeParse(input);
  return result.success ? [] : fieldRuleMessages(result.error);
};

describe('ResourceNotificationSaveSchema', () => {
  it.each(['v2g', 'V2g', 'v2G', ' v2g '])('should send the type %j as V2G', (type) => {
    expect(ResourceNotificationSaveSchema.parse({ ...valid, type }).type).toBe('V2G');
  });

  it('should keep other types as typed and clear empty optional texts', () => {
    const saved = ResourceNotificationSaveSchema.parse({ ...valid, type: 'PROMOTION', range: ' ', url: '' });

    expect(saved).toMatchObject({ type: 'PROMOTION', range: null, url: null });
  });

  it('should require the end after the begin', () => {
    expect(problems({ ...valid, showTimeEnd: valid.showTimeBegin })).toEqual([
      { path: 'showTimeEnd', message: { key: 'time.endNotAfterStart' } },
    ]);
  });

  it.each(['ftp://example.com/a', 'javascript:alert(1)', 'example.com', 'http://'])(
    'should refuse the link %j',
    (url) => {
      expect(problems({ ...valid, url })).toEqual([{ path: 'url', message: { key: 'notification.badUrl' } }]);
    },
  );

  it.each(['http://example.com', 'HTTPS://example.com/v2g?x=1'])('should accept the link %j', (url) => {
    expect(problems({ ...valid, url })).toEqual([]);
  });

  it('should require the text and the type and limit their length', () => {
    expect(problems({ ...valid, notification: '  ', type: 'x'.repeat(33) })).toEqual([
      { path: 'notification', message: { key: 'form.required', params: { min: 1 } } },
      { path: 'type', message: { key: 'form.maxLength', params: { max: 32 } } },
    ]);
  });
});
