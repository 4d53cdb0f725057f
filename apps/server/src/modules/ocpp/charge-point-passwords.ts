import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Charger passwords (OCPP security profiles 1 and 2: HTTP Basic on the WebSocket upgrade) are made by the
 * portal, 144 random bits, never chosen by people. A salted SHA-256 is enough for a secret of that
 * strength, and it lets ten thousand chargers reconnect at once without the seconds of CPU a password
 * KDF such as scrypt would cost (docs/decisions.md "Remote charger operations").
 */
export function generateChargePointPassword(): string {
  // A leading '-' reads as a formula in a spreadsheet, so the CSV of passwords handed to the installer
  // would keep it as text with a quote before it (one password in 64): never start with one.
  for (;;) {
    const password = randomBytes(18).toString('base64url');
    if (!password.startsWith('-')) return password;
  }
}

const digest = (salt: string, password: string): Buffer =>
  createHash('sha256').update(salt).update('\0').update(password).digest();

export function hashChargePointPassword(password: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `sha256$${salt}$${digest(salt, password).toString('base64url')}`;
}

export function verifyChargePointPassword(password: string, stored: string): boolean {
  const [scheme, salt, expected] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !expected) return false;
  const wanted = Buffer.from(expected, 'base64url');
  const given = digest(salt, password);
  return wanted.length === given.length && timingSafeEqual(wanted, given);
}
