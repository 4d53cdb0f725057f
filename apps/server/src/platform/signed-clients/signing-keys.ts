import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
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

/** Most parsed public keys kept: far more than a portal's clients, a bound against anything else. */
const PARSED_KEYS_MAX = 1000;
const parsedKeys = new Map<string, KeyObject>();

/**
 * The key object of a stored public key, parsed once: parsing cost about as much as the check itself on every
 * signed request. Keyed by the key's own text, so a rotated key is a new entry and never a stale answer.
 */
function parsedPublicKey(publicKey: string): KeyObject {
  let key = parsedKeys.get(publicKey);
  if (!key) {
    key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    if (parsedKeys.size >= PARSED_KEYS_MAX) parsedKeys.clear();
    parsedKeys.set(publicKey, key);
  }
  return key;
}

export function verifySignature(publicKey: string, text: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(text), parsedPublicKey(publicKey), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
