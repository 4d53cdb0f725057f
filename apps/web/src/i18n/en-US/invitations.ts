/** Invitations (marketing "Invitation"): the invite lists, a user's record and an inviter's tree. */
export default {
  list: {
    title: 'Invitations',
    actions: 'Actions',
    open: 'Details',
    openOf: 'Invitation details of {{userId}}',
  },
  kind: {
    register: 'Register invitations',
    'car-purchase': 'Car purchase invitations',
  },
  field: {
    userId: 'Invitee ID',
    invitee: 'Invitee',
    mobile: 'Invitee mobile',
    inviterId: 'Inviter ID',
    inviter: 'Inviter',
    inviteStatus: 'Status',
    invitedCount: 'Invited',
    createTime: 'Invited at',
    updateTime: 'Updated',
    externalId: 'Invitation number',
  },
  filter: {
    inviterId: 'Inviter ID',
    inviteeId: 'Invitee ID',
    mobile: 'Invitee mobile',
  },
  record: {
    title: 'Invitations of {{userId}}',
    notFound: 'No invitations',
    account: 'Account',
    noAccount: 'The portal has not received this account yet',
    invitedBy: 'Invited by',
    nobody: 'Nobody (registered on their own)',
    status: 'Status',
    invitedAt: 'Invited at',
    invitedCount: 'Invited',
    people: '{{count}} invitees',
  },
  tree: {
    title: 'Whom they invited',
    empty: 'Has not invited anyone yet',
    invited: 'invited {{count}}',
    more: 'Showing the {{shown}} most recent of {{count}}',
    loadFailed: 'Could not load: {{reason}}',
  },
  account: {
    invitedBy: 'Who invited them',
    invited: 'Whom they invited',
  },
} as const;
