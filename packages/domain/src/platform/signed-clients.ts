import { z } from 'zod';

/** A registered signed client (a comment vendor, a tenant's app back end) is enabled or disabled. */
export const SIGNED_CLIENT_STATES = ['enabled', 'disabled'] as const;
export const SignedClientStateSchema = z.enum(SIGNED_CLIENT_STATES);
export type SignedClientState = z.infer<typeof SignedClientStateSchema>;

/** What a client's listing shows of its key: never the secret, only which key it holds and since when. */
export const SIGNED_CLIENT_KEY = {
  /** The first characters of the SHA-256 of the client's public key, to tell which secret it holds. */
  keyFingerprint: z.string(),
  secretRotateTime: z.number().int(),
};

/**
 * What comes with a client the one time its secret is answered (at creation and rotation): the Ed25519
 * private key the client signs with, and the portal's public key that verifies the portal's callbacks.
 */
export const SIGNED_CLIENT_SECRET = {
  secretCode: z.string(),
  portalPublicKey: z.string(),
};
