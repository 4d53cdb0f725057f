/** Server error codes in words; the keys mirror zh-CN/errors.ts. */
export default {
  network: 'Cannot reach the server. Check the network and try again.',
  unexpected: 'Something unexpected happened.',
  tooManyAttemptsWait: 'Too many attempts. Try again in {{seconds}} seconds.',
  code: {
    validation_failed: 'Some of the data is invalid. Check it and try again.',
    invalid_value: 'Some of the data cannot be stored. Check it and try again.',
    unauthenticated: 'Your session has ended. Please sign in again.',
    forbidden: 'You are not allowed to do this.',
    tenant_forbidden: 'You have no access to this area.',
    not_found: 'It does not exist or has been deleted.',
    conflict: 'This record already exists.',
    invalid_credentials: 'Wrong user name or password.',
    account_disabled: 'This account is disabled. Contact an administrator.',
    too_many_attempts: 'Too many attempts. Try again later.',
    password_change_required: 'Please change your password first.',
    cannot_disable_self: 'You cannot disable your own account.',
    wrong_password: 'The current password is wrong.',
    cross_origin_request: 'Requests from this origin are not allowed.',
    busy: 'The server is busy with other uploads; try again in a moment',
    staff_role_required:
      'The account needs a role in an area you administer; to take all its access away, disable it',
    payload_too_large: 'The file is too large.',
    unsupported_file_type: 'This file type is not supported.',
    internal_error: 'The server failed. Try again later.',
    http_error: 'The server is not answering right now. Try again later.',
  },
} as const;
