import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

describe('the session cache', () => {
  const entry = (value: string, userId = 1, until = 1_000) => ({ value, userId, until });

  it('should answer an entry until its moment and drop it then', () => {
    const cache = new SessionCache<string>(10);
    cache.set('a', entry('alice', 1, 1_000), cache.begin());

    expect(cache.get('a', 999)).toBe('alice');
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('should not keep what a look-up read while something was forgotten', () => {
    const cache = new SessionCache<string>(10);
    const started = cache.begin();
    cache.forgetUser(7);

    cache.set('a', entry('read before the change'), started);

    expect(cache.get('a', 0)).toBeUndefined();
  });

  it("should forget one session, or every session of one user and no other user's", () => {
    const cache = new SessionCache<string>(10);
    cache.set('a', entry('a', 1), cache.begin());
    cache.set('b', entry('b', 1), cache.begin());
    cache.set('c', entry('c', 2), cache.begin());
    cache.set('d', entry('d', 3), cache.begin());

    cache.forget('d');
    cache.forgetUser(1);

    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key, 0))).toEqual([
      undefined,
      undefined,
      'c',
      undefined,
    ]);
  });

  it('should drop the entry written longest ago when full', () => {
    const cache = new SessionCache<string>(2);
    cache.set('a', entry('a'), cache.begin());
    cache.set('b', entry('b'), cache.begin());
    cache.set('a', entry('a again'), cache.begin());

    cache.set('c', entry('c'), cache.begin());

    expect(['a', 'b', 'c'].map((key) => cache.get(key, 0))).toEqual(['a again', undefined, 'c']);
  });
});
