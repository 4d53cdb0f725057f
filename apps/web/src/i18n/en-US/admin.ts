/** Staff administration; the keys mirror zh-CN/admin.ts. */
export default {
  field: {
    userName: 'User name',
    displayName: 'Name',
    mail: 'Email',
    mobilePhoneNumber: 'Mobile phone',
    outerUserId: 'External user ID',
    roles: 'Roles',
    status: 'Status',
    lastSignInAt: 'Last sign-in',
    createdAt: 'Created',
  },
  filter: {
    keyword: 'Keyword',
    keywordHint: 'User name, name, email or phone',
    tenant: 'Area',
    status: 'Status',
    role: 'Role',
    createdAt: 'Created',
    lastSignInAt: 'Last sign-in',
  },
  status: {
    enabled: 'Enabled',
    disabled: 'Disabled',
  },
  list: {
    title: 'Staff',
    create: 'New staff member',
    actions: 'Actions',
    view: 'View',
    disable: 'Disable',
    enable: 'Enable',
    disableConfirm: 'Disable {{userName}}?',
    disableEffect: 'The account is signed out at once and cannot sign in any more.',
    enableConfirm: 'Enable {{userName}}?',
    disabledDone: '{{userName}} is disabled',
    enabledDone: '{{userName}} is enabled',
    resetPassword: 'Reset password',
    resetConfirm: 'Reset the password of {{userName}}?',
    systemAdmin: 'System administrator',
    rolesElsewhere: 'Other areas…',
    rolesElsewhereHint:
      'This account also works in areas you do not administer; those roles are not shown here',
    resetEffect: 'The account is signed out and must change the new password after signing in.',
  },
  scope: {
    system:
      'You are the system administrator: every area’s staff are listed here, and you manage every account.',
    tenant:
      'You administer {{tenants}}: only staff with a role in these areas are listed, and only those roles are shown and changed. For staff who also work in other areas, the profile, status and password are managed by an administrator of all their areas or the system administrator.',
    and: ', ',
  },
  drawer: {
    createTitle: 'New staff member',
    rolesElsewhere:
      'This account also works in areas you do not administer: you may change its roles in your areas only; its profile, status and password are managed by an administrator of all its areas or the system administrator.',
    systemAdminOnly:
      'This is the system administrator’s account: only the system administrator may change its profile, disable it or reset its password.',
    viewTitle: 'Staff member',
  },
  form: {
    noRole: 'No access',
    roleIn: 'Role in {{tenant}}',
    profileNotYours:
      'This account also works in other areas; only an administrator of all of them may change its profile',
    userNameHint: '2–64 letters, digits, dots, underscores or hyphens; cannot be changed later',
    userNameInvalid: 'Use 2–64 letters, digits, dots, underscores or hyphens',
    mailInvalid: 'This is not a valid email address',
    mobileInvalid: 'A mobile number is 6–15 digits, with an optional + and country code',
    roleRequired: 'Choose a role in at least one area',
  },
  issued: {
    title: 'New password of {{userName}}',
    once: 'The password is shown only this once. Copy it now and hand it over safely.',
    label: 'It must be changed after the first sign-in:',
    done: 'I have noted it',
  },
  error: {
    userNameTaken: 'This user name is taken',
  },
} as const;
