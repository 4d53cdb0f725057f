import { describe, expect, it } from 'vitest';
import { deviceTypeOf, shareHostOf } from './share-host.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

describe('shareHostOf', () => {
  it("should tell the product's app, a mini-program, the messenger and a plain browser apart", () => {
    expect(shareHostOf(`${IPHONE} PEApp/5.2.0`)).toBe('app');
    expect(shareHostOf(`${ANDROID} nioapp/6.1`)).toBe('app');
    expect(shareHostOf(`${ANDROID} MicroMessenger/8.0.47 miniProgram/wx123`)).toBe('mini_program');
    expect(shareHostOf(`${IPHONE} MicroMessenger/8.0.47`, 'miniprogram')).toBe('mini_program');
    expect(shareHostOf(`${IPHONE} MicroMessenger/8.0.47`)).toBe('messenger');
    expect(shareHostOf(IPHONE)).toBe('browser');
  });

  it('should name the device the bridge reports', () => {
    expect(deviceTypeOf(IPHONE)).toBe('ios');
    expect(deviceTypeOf(ANDROID)).toBe('android');
    expect(deviceTypeOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('web');
  });
});
