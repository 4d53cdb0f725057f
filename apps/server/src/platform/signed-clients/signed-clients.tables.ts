import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A registered client that signs its requests (a comment vendor; later the apps' back ends). Only the
 * public half of its Ed25519 key is kept: the secret code given to the client once is never stored.
 */
export const signedClients = pgTable('signed_clients', {
  clientId: text('client_id').primaryKey(),
  /** What the client may call: `comment_vendor`, ... */
  kind: text('kind').notNull(),
  tenant: text('tenant').notNull(),
  /** SPKI DER of the Ed25519 public key, base64. */
  publicKey: text('public_key').notNull(),
  /** `enabled` or `disabled`; a disabled client's requests are refused. */
  state: text('state').notNull().default('enabled'),
  keyRotatedAt: timestamp('key_rotated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Nonces of accepted requests, kept for twice the timestamp window, so a replay inside it is refused. */
export const signedRequestNonces = pgTable(
  'signed_request_nonces',
  {
    clientId: text('client_id').notNull(),
    nonce: text('nonce').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.nonce] }),
    index('signed_request_nonces_seen_idx').on(t.seenAt),
  ],
);

/**
 * The portal's own Ed25519 key, which signs its callbacks to clients; made at first use. Its private half
 * is the one secret the portal must keep, as it keeps session secrets; clients get only the public half.
 */
export const portalSigningKeys = pgTable('portal_signing_keys', {
  keyId: text('key_id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
