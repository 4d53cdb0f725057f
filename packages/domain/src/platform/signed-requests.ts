/**
 * Requests from registered clients (a comment vendor, the apps' back ends) are signed instead of carrying
 * a session: Ed25519 over one canonical text, so the portal keeps only the public key and the secret the
 * client holds is never stored (docs/decisions.md "Signed clients").
 */
export const SIGNED_HEADERS = {
  keyId: 'x-cmp-key-id',
  timestamp: 'x-cmp-timestamp',
  nonce: 'x-cmp-nonce',
  signature: 'x-cmp-signature',
} as const;

/** How far a request's timestamp may be from the portal's clock, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The text a client signs: method, path with its query, timestamp, nonce and the body's SHA-256 in hex,
 * one per line. Callbacks of the portal to a client are signed the same way by the portal's own key.
 */
export const canonicalRequest = (parts: {
  method: string;
  path: string;
  timestamp: string;
  nonce: string;
  bodySha256: string;
}): string =>
  [parts.method.toUpperCase(), parts.path, parts.timestamp, parts.nonce, parts.bodySha256].join('\n');
