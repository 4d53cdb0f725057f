import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
} from 'node:crypto';

/** A secret code as clients hold it: a prefix that says what it is, then the PKCS#8 DER of the key, base64url. */
const SECRET_PREFIX = 'cmpsk_';

export interface KeyPair {
  /** SPKI DER, base64: what the portal keeps. */
  publicKey: string;
  /** The secret code: given out once, never stored. */
  secretCode: string;
}

export function newKeyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    secretCode: SECRET_PREFIX + privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
  };
}

/** The first 16 hex characters of the public key's SHA-256: enough to tell two keys apart on screen. */
export const keyFingerprint = (publicKey: string): string =>
  createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 16);

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** Signs with a secret code (a client's, or the portal's own private key as a secret code). */
export function signWithSecret(secretCode: string, text: string): string {
  if (!secretCode.startsWith(SECRET_PREFIX)) throw new Error('not a secret code');
  const key = createPrivateKey({
    key: Buffer.from(secretCode.slice(SECRET_PREFIX.length), 'base64url'),
    format: 'der',
    type: 'pkcs8',
  });
  return sign(null, Buffer.from(text), key).toString('base64');
}

export function verifySignature(publicKey: string, text: string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(text), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
