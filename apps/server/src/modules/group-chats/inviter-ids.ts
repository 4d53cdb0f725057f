import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/database.js';
import { portalSigningKey } from '../../platform/signed-clients/client-registry.js';

/** Tells this key apart from anything else ever derived from the portal's key. */
const KEY_PURPOSE = 'cmp group inviter ids v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const TOKEN = /^[A-Za-z0-9_-]{40,256}$/;

/**
 * The inviter's id a group invitation carries to a public page: AES-256-GCM, so the page and whoever
 * reads the link learn nothing of the account, and a token changed or made for another group fails.
 * `<iv><ciphertext><tag>` in base64url, the tenant and group bound in as associated data. The key is
 * GROUP_INVITER_KEY, else derived (HKDF) from the portal's signing key every process shares.
 */
export class InviterIds {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly configured: string | undefined,
  ) {}

  private cipherKey(): Promise<Buffer> {
    this.key ??= this.configured
      ? Promise.resolve(Buffer.from(this.configured, 'base64'))
      : portalSigningKey(this.db).then((portal) =>
          Buffer.from(hkdfSync('sha256', portal.privateKey, Buffer.alloc(0), KEY_PURPOSE, 32)),
        );
    return this.key;
  }

  async encrypt(tenant: string, groupId: number, accountId: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.cipherKey(), iv);
    cipher.setAAD(Buffer.from(`${tenant}:${groupId}`));
    const body = Buffer.concat([cipher.update(accountId, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The account id, or undefined for a token not made by this portal for this tenant's group. */
  async decrypt(tenant: string, groupId: number, token: string): Promise<string | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.cipherKey(), raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(`${tenant}:${groupId}`));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const body = Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return body.toString('utf8');
    } catch {
      return undefined;
    }
  }
}
