import { describe, expect, it } from 'vitest';
import {
  generateChargePointPassword,
  hashChargePointPassword,
  verifyChargePointPassword,
} from './charge-point-passwords.js';

describe('charge point passwords', () => {
  it('should never start a password with a dash, which a spreadsheet reads as a formula', () => {
    // One base64url password in 64 started with '-': 5,000 of them held one all but surely.
    const passwords = Array.from({ length: 5_000 }, generateChargePointPassword);
    expect(passwords.filter((password) => password.startsWith('-'))).toEqual([]);
    for (const password of passwords.slice(0, 20))
      expect(password).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{23}$/);
  });

  it('should verify a password against its hash, and refuse another', () => {
    const password = generateChargePointPassword();
    const hash = hashChargePointPassword(password);
    expect(verifyChargePointPassword(password, hash)).toBe(true);
    expect(verifyChargePointPassword(generateChargePointPassword(), hash)).toBe(false);
  });
});
