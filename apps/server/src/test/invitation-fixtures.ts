import type { InvitationIngest } from '@cmp/domain/invitations/invitations';
import { sendSigned, type TestAppClient } from './app-client-fixtures.js';
import type { TestContext } from './test-app.js';

/** An invitation as the app back end's code sends it, signed: a register invitation unless told. */
export function sendInvitation(
  sut: TestContext,
  client: TestAppClient,
  invitation: Partial<InvitationIngest> & Pick<InvitationIngest, 'userId' | 'inviterId'>,
  overrides: { timestamp?: number; nonce?: string } = {},
) {
  return sendSigned(
    sut,
    client,
    'POST',
    '/api/app/invitations',
    {
      kind: 'register',
      externalId: `${invitation.kind ?? 'register'}-${invitation.inviterId}-${invitation.userId}`,
      inviteStatus: invitation.kind === 'car_purchase' ? 'invited' : 'registered',
      createTime: Date.UTC(2026, 10, 20, 2),
      ...invitation,
    },
    overrides,
  );
}
