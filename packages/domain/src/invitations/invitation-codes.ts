import { z } from 'zod';
import type { MessageKey } from '../messages/en-US.js';

/**
 * What an invitation is for (marketing "Invitation"): `register`, a user who registered through an
 * inviter's link, and `car_purchase`, a user invited to buy a car.
 */
export const INVITATION_KINDS = ['register', 'car_purchase'] as const;
export const InvitationKindSchema = z.enum(INVITATION_KINDS);
export type InvitationKind = z.infer<typeof InvitationKindSchema>;
export const INVITATION_KIND_LABELS = {
  register: 'invitationKind.register',
  car_purchase: 'invitationKind.car_purchase',
} as const satisfies Record<InvitationKind, MessageKey>;

/**
 * The spec shows no status values (M4.19): these are the decision in docs/decisions.md "Invitations".
 * A register invitation is made when the invitee registers, is rewarded once the inviter's reward is
 * paid, or found invalid (a duplicate device, a cancelled account).
 */
export const REGISTER_INVITE_STATUSES = ['registered', 'rewarded', 'invalid'] as const;
export const REGISTER_INVITE_STATUS_LABELS = {
  registered: 'registerInviteStatus.registered',
  rewarded: 'registerInviteStatus.rewarded',
  invalid: 'registerInviteStatus.invalid',
} as const satisfies Record<(typeof REGISTER_INVITE_STATUSES)[number], MessageKey>;

/** A car-purchase invitation goes from invited through test drive and order to delivery, or is cancelled. */
export const CAR_PURCHASE_INVITE_STATUSES = [
  'invited',
  'test_drive',
  'ordered',
  'delivered',
  'cancelled',
] as const;
export const CAR_PURCHASE_INVITE_STATUS_LABELS = {
  invited: 'carPurchaseInviteStatus.invited',
  test_drive: 'carPurchaseInviteStatus.test_drive',
  ordered: 'carPurchaseInviteStatus.ordered',
  delivered: 'carPurchaseInviteStatus.delivered',
  cancelled: 'carPurchaseInviteStatus.cancelled',
} as const satisfies Record<(typeof CAR_PURCHASE_INVITE_STATUSES)[number], MessageKey>;

/** The status values of each kind, and the enumeration that labels them. */
export const INVITE_STATUSES_OF: Record<InvitationKind, readonly string[]> = {
  register: REGISTER_INVITE_STATUSES,
  car_purchase: CAR_PURCHASE_INVITE_STATUSES,
};
export const INVITE_STATUS_ENUMERATION = {
  register: 'registerInviteStatus',
  car_purchase: 'carPurchaseInviteStatus',
} as const satisfies Record<InvitationKind, string>;

/** The kinds as the staff API names them in its paths. */
export const INVITATION_KIND_PATHS = {
  register: 'register',
  car_purchase: 'car-purchase',
} as const satisfies Record<InvitationKind, string>;
export type InvitationKindPath = (typeof INVITATION_KIND_PATHS)[InvitationKind];
export const kindOfPath = (path: InvitationKindPath): InvitationKind =>
  path === 'car-purchase' ? 'car_purchase' : 'register';
