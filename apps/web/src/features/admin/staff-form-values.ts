import type { CreateStaffUserRequest, StaffUser, UpdateStaffUserRequest } from '@cmp/domain';
import { fromRoleChoices, toRoleChoices, type RoleChoices } from './staff-rules';

/** What the staff form edits; optional texts are left empty rather than null. */
export interface StaffFormValues {
  userName: string;
  displayName: string;
  mail?: string;
  mobilePhoneNumber?: string;
  outerUserId?: string;
  roles: RoleChoices;
}

export const EMPTY_STAFF_FORM: Partial<StaffFormValues> = {
  roles: { nio: 'none', pe: 'none', rsc: 'none' },
};

export function toStaffForm(user: StaffUser): StaffFormValues {
  return {
    userName: user.userName,
    displayName: user.displayName,
    mail: user.mail ?? undefined,
    mobilePhoneNumber: user.mobilePhoneNumber ?? undefined,
    outerUserId: user.outerUserId ?? undefined,
    roles: toRoleChoices(user.roles),
  };
}

const blankToNull = (text: string | undefined): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A cleared field means "remove it", which the API takes as null. */
export function toUpdateRequest(values: StaffFormValues): UpdateStaffUserRequest {
  return contactAndRoles(values);
}

/** No password: the server generates the first one and answers it once. */
export function toCreateRequest(values: StaffFormValues): CreateStaffUserRequest {
  return { userName: values.userName.trim(), ...contactAndRoles(values) };
}

function contactAndRoles(values: StaffFormValues) {
  return {
    displayName: values.displayName.trim(),
    mail: blankToNull(values.mail),
    mobilePhoneNumber: blankToNull(values.mobilePhoneNumber),
    outerUserId: blankToNull(values.outerUserId),
    roles: fromRoleChoices(values.roles),
  };
}
