import type { CommentIngest } from '@cmp/domain/comments/comment-ingest';
import type { CommentVendorSave, CommentVendorSecret } from '@cmp/domain/comments/comment-vendors';
import { signedHeaders } from '../platform/signed-clients/client-signing.js';
import type { TestContext } from './test-app.js';

export interface TestVendor {
  clientId: string;
  secretCode: string;
  portalPublicKey: string;
}

/** Registers a comment vendor through the API as a tenant admin and answers its one-time secret. */
export async function createVendor(
  sut: TestContext,
  adminCookie: string,
  body: Partial<CommentVendorSave> = {},
  tenant = 'nio',
): Promise<TestVendor> {
  const response = await sut.app.inject({
    method: 'POST',
    url: `/api/${tenant}/comment-vendors`,
    headers: { cookie: adminCookie },
    payload: {
      applicationName: 'Reviews Inc.',
      sourceId: `src-${Math.random().toString(36).slice(2, 8)}`,
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`vendor not created: ${response.body}`);
  const secret = response.json<CommentVendorSecret>();
  return {
    clientId: secret.vendor.applicationId,
    secretCode: secret.secretCode,
    portalPublicKey: secret.portalPublicKey,
  };
}

/** A comment as a vendor's code sends it: the body signed with the vendor's secret. */
export function sendComment(
  sut: TestContext,
  vendor: TestVendor,
  comment: Partial<CommentIngest> & Pick<CommentIngest, 'externalId' | 'resourceId'>,
  overrides: { timestamp?: number; nonce?: string } = {},
) {
  const body = JSON.stringify({
    rating: 4,
    commentaryTime: Date.UTC(2026, 10, 20, 2),
    accountId: 'ACC-1',
    ...comment,
  });
  return sut.app.inject({
    method: 'POST',
    url: '/api/app/comments',
    headers: {
      'content-type': 'application/json',
      origin: undefined,
      ...signedHeaders(vendor, { method: 'POST', path: '/api/app/comments', body }, overrides),
    },
    payload: body,
  });
}
