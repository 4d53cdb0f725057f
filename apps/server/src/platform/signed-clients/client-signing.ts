import { randomBytes } from 'node:crypto';
import { canonicalRequest, SIGNED_HEADERS } from '@cmp/domain/platform/signed-requests';
import { sha256Hex, signWithSecret } from './signing-keys.js';

/**
 * The headers a registered client sends: what a vendor's own code does, written out for tests, the demo
 * and anyone integrating (docs/decisions.md "Signed clients").
 */
export function signedHeaders(
  client: { clientId: string; secretCode: string },
  request: { method: string; path: string; body?: string },
  overrides: { timestamp?: number; nonce?: string } = {},
): Record<string, string> {
  const timestamp = String(overrides.timestamp ?? Date.now());
  const nonce = overrides.nonce ?? randomBytes(16).toString('base64url');
  const signature = signWithSecret(
    client.secretCode,
    canonicalRequest({
      method: request.method,
      path: request.path,
      timestamp,
      nonce,
      bodySha256: sha256Hex(request.body ?? ''),
    }),
  );
  return {
    [SIGNED_HEADERS.keyId]: client.clientId,
    [SIGNED_HEADERS.timestamp]: timestamp,
    [SIGNED_HEADERS.nonce]: nonce,
    [SIGNED_HEADERS.signature]: signature,
  };
}
