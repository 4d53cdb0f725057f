import { randomBytes } from 'node:crypto';
import { canonicalRequest, SIGNED_HEADERS } from '@cmp/domain/platform/signed-requests';
import type { PortalKey } from './client-registry.js';
import { sha256Hex, signWithSecret } from './signing-keys.js';

const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * POSTs a JSON body to a client's callback URL, signed by the portal's key the way clients sign their
 * requests (the client verifies with the portal's public key). Answers the status; a network failure or a
 * timeout throws.
 */
export async function postSignedCallback(key: PortalKey, url: string, body: unknown): Promise<number> {
  const text = JSON.stringify(body);
  const target = new URL(url);
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('base64url');
  const signature = signWithSecret(
    key.privateKey,
    canonicalRequest({
      method: 'POST',
      path: target.pathname + target.search,
      timestamp,
      nonce,
      bodySha256: sha256Hex(text),
    }),
  );
  const response = await fetch(target, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNED_HEADERS.keyId]: key.keyId,
      [SIGNED_HEADERS.timestamp]: timestamp,
      [SIGNED_HEADERS.nonce]: nonce,
      [SIGNED_HEADERS.signature]: signature,
    },
    body: text,
    redirect: 'error',
    signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}
