import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/database.js';
import { portalSigningKey } from '../../platform/signed-clients/client-registry.js';

/** Tells the HMAC key of firmware links apart from anything else ever derived from the portal's key. */
const KEY_PURPOSE = 'cmp firmware download links v1';
const TOKEN = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

/**
 * Time-limited download links chargers fetch firmware from, with no session: `<packageId>.<expiry in epoch
 * seconds>.<HMAC-SHA256 of both>`. The HMAC key is derived (HKDF) from the portal's own signing key, which
 * the database keeps and every portal process shares, so a link made by one process is good on all and
 * no secret lives in the code.
 */
export class FirmwareLinks {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly lifetimeMinutes: number,
  ) {}

  private hmacKey(): Promise<Buffer> {
    this.key ??= portalSigningKey(this.db).then((portal) =>
      Buffer.from(hkdfSync('sha256', portal.privateKey, Buffer.alloc(0), KEY_PURPOSE, 32)),
    );
    return this.key;
  }

  private async mac(packageId: number, expires: number): Promise<string> {
    return createHmac('sha256', await this.hmacKey())
      .update(`${packageId}.${expires}`)
      .digest('base64url');
  }

  /** A token for the package good for the configured minutes from `now`. */
  async token(packageId: number, now = Date.now()): Promise<string> {
    const expires = Math.ceil(now / 1000) + this.lifetimeMinutes * 60;
    return `${packageId}.${expires}.${await this.mac(packageId, expires)}`;
  }

  /** The package a token names while it is genuine and unexpired; undefined otherwise. */
  async verify(token: string, now = Date.now()): Promise<number | undefined> {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    const packageId = Number(match[1]);
    const expires = Number(match[2]);
    const given = Buffer.from(match[3]!, 'base64url');
    const wanted = Buffer.from(await this.mac(packageId, expires), 'base64url');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return undefined;
    return expires * 1000 > now ? packageId : undefined;
  }
}
