import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { inArray, lt, sql } from 'drizzle-orm';
import { ERROR_CODES, isTenant, type Tenant } from '@cmp/domain';
import {
  canonicalRequest,
  NONCE_PATTERN,
  SIGNATURE_WINDOW_MS,
  SIGNED_HEADERS,
} from '@cmp/domain/platform/signed-requests';
import type { Db } from '../db/database.js';
import { GroupedCalls } from '../db/grouped-calls.js';
import { AppError } from '../http/app-error.js';
import type { Sweep } from '../housekeeping.js';
import { sha256Hex, verifySignature } from './signing-keys.js';
import { signedClients, signedRequestNonces } from './signed-clients.tables.js';

/** The registered client a signed request came from. */
export interface SignedClient {
  clientId: string;
  kind: string;
  tenant: Tenant;
}

type SignedClientRow = typeof signedClients.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    signedClient: SignedClient | null;
    /** The body as it arrived, which is what the client signed. */
    rawBody?: string;
    /** The enabled client the key id names, found before the body is read. */
    signingClient?: SignedClientRow;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const refused = (code: string, message: string) => new AppError(401, code, message);

interface SignatureHeaders {
  keyId: string;
  timestamp: string;
  nonce: string;
  signature: string;
}

/** The signature's headers, present and in time: checked first, before the body is read. */
function signatureHeaders(request: FastifyRequest): SignatureHeaders {
  const keyId = header(request, SIGNED_HEADERS.keyId);
  const timestamp = header(request, SIGNED_HEADERS.timestamp);
  const nonce = header(request, SIGNED_HEADERS.nonce);
  const signature = header(request, SIGNED_HEADERS.signature);
  if (!keyId || !timestamp || !nonce || !signature) {
    throw refused(
      ERROR_CODES.unauthenticated,
      `sign the request: ${Object.values(SIGNED_HEADERS).join(', ')} are required`,
    );
  }
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > SIGNATURE_WINDOW_MS) {
    throw refused(ERROR_CODES.requestExpired, 'the request timestamp is missing or more than 5 minutes off');
  }
  if (!NONCE_PATTERN.test(nonce)) {
    throw refused(ERROR_CODES.signatureInvalid, 'the nonce must be 16 to 64 letters, digits, _ or -');
  }
  return { keyId, timestamp, nonce, signature };
}

const notAClient = () =>
  refused(ERROR_CODES.signatureInvalid, 'the signature does not match an enabled client');

/**
 * The database work of signed requests, grouped (`GroupedCalls`): the clients that key ids name, one read
 * for a group of requests, and their nonces, one insert for a group.
 */
export class SignedRequestStore {
  readonly client = new GroupedCalls<string, SignedClientRow | undefined>(async (clientIds) => {
    const rows = await this.db
      .select()
      .from(signedClients)
      .where(inArray(signedClients.clientId, [...new Set(clientIds)]));
    const byId = new Map(rows.map((row) => [row.clientId, row]));
    return clientIds.map((clientId) => byId.get(clientId));
  });

  /** Whether each nonce is new for its client; of one nonce twice in a group, only the first is. */
  readonly freshNonce = new GroupedCalls<{ clientId: string; nonce: string }, boolean>(async (uses) => {
    const key = (use: { clientId: string; nonce: string }) => JSON.stringify([use.clientId, use.nonce]);
    const inserted = await this.db
      .insert(signedRequestNonces)
      .values(uses.map(({ clientId, nonce }) => ({ clientId, nonce })))
      .onConflictDoNothing()
      .returning({ clientId: signedRequestNonces.clientId, nonce: signedRequestNonces.nonce });
    const fresh = new Set(inserted.map(key));
    return uses.map((use) => fresh.delete(key(use)));
  });

  constructor(private readonly db: Db) {}
}

/**
 * The enabled client of `kind` the key id names, before the body is read: a request under a made-up or
 * disabled key costs a share of one indexed read, never the reading and parsing of its body.
 */
async function signingClient(
  store: SignedRequestStore,
  kind: string,
  keyId: string,
): Promise<SignedClientRow> {
  const client = await store.client.call(keyId.slice(0, 64));
  if (!client || client.kind !== kind || client.state !== 'enabled' || !isTenant(client.tenant)) {
    throw notAClient();
  }
  return client;
}

/**
 * Checks a signed request once its body is read: the Ed25519 signature of the client found before
 * covers method, path, timestamp, nonce and the body's bytes, and the nonce was never used by that client
 * before. Every failure is a 401.
 */
async function authenticate(store: SignedRequestStore, request: FastifyRequest): Promise<SignedClient> {
  const { timestamp, nonce, signature } = signatureHeaders(request);
  const client = request.signingClient!;
  const text = canonicalRequest({
    method: request.method,
    path: request.url,
    timestamp,
    nonce,
    bodySha256: sha256Hex(request.rawBody ?? ''),
  });
  if (!verifySignature(client.publicKey, text, signature)) throw notAClient();
  if (!(await store.freshNonce.call({ clientId: client.clientId, nonce })))
    throw refused(ERROR_CODES.requestReplayed, 'this request was already received');
  return { clientId: client.clientId, kind: client.kind, tenant: client.tenant as Tenant };
}

/**
 * Registers `routes` as routes of signed clients of `kind`: each gets that access (so the session check
 * and the same-origin guard let it through), the key id is checked before the body is read, bodies are JSON
 * only (any other type is 415: its bytes would go unsigned through another parser), kept as they arrived
 * for the signature, and the signature is checked before the body is validated.
 */
export function signedRoutes(db: Db, kind: string, routes: FastifyPluginAsync): FastifyPluginAsync {
  const store = new SignedRequestStore(db);
  return async (scope: FastifyInstance) => {
    scope.decorateRequest('signedClient', null);
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { signedClient: kind } };
    });
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      parseJson(request, body as string, done);
    });
    // An unsigned request, or one under a key that is no enabled client's, is refused before its body is
    // read, whatever it sends.
    scope.addHook('onRequest', async (request) => {
      request.signingClient = await signingClient(store, kind, signatureHeaders(request).keyId);
    });
    scope.addHook('preValidation', async (request) => {
      request.signedClient = await authenticate(store, request);
    });
    await scope.register(routes);
  };
}

/** Forgets nonces older than twice the window: a request that old is refused by its timestamp anyway. */
export const nonceSweep = (db: Db): Sweep => ({
  name: 'signed_request_nonces',
  run: async () => {
    const removed = await db
      .delete(signedRequestNonces)
      .where(
        lt(
          signedRequestNonces.seenAt,
          sql`now() - make_interval(secs => ${(2 * SIGNATURE_WINDOW_MS) / 1000})`,
        ),
      )
      .returning({ nonce: signedRequestNonces.nonce });
    return removed.length;
  },
});
