/** Invitations (marketing "Invitation"): the invite lists, a user's record and an inviter's tree. */
export default {
  list: {
    title: '邀请记录',
    actions: '操作',
    open: '详情',
    openOf: '查看 {{userId}} 的邀请详情',
  },
  kind: {
    register: '注册邀请',
    'car-purchase': '购车邀请',
  },
  field: {
    userId: '被邀请人ID',
    invitee: '被邀请人',
    mobile: '被邀请人手机号',
    inviterId: '邀请人ID',
    inviter: '邀请人',
    inviteStatus: '邀请状态',
    invitedCount: '已邀请人数',
    createTime: '邀请时间',
    updateTime: '更新时间',
    externalId: '邀请编号',
  },
  filter: {
    inviterId: '邀请人ID',
    inviteeId: '被邀请人ID',
    mobile: '被邀请人手机号',
  },
  record: {
    title: '{{userId}} 的邀请',
    notFound: '没有邀请记录',
    account: '账号',
    noAccount: '平台尚未收到该账号',
    invitedBy: '邀请人',
    nobody: '无（自行注册）',
    status: '邀请状态',
    invitedAt: '被邀请时间',
    invitedCount: '邀请了',
    people: '{{count}} 人',
  },
  tree: {
    title: '邀请的用户',
    empty: '还没有邀请任何人',
    invited: '邀请 {{count}} 人',
    more: '仅显示最近邀请的 {{shown}} 人，共 {{count}} 人',
    loadFailed: '加载失败：{{reason}}',
  },
  account: {
    invitedBy: '谁邀请了 TA',
    invited: 'TA 邀请的用户',
  },
} as const;
