import { enumLabels } from '@cmp/domain/messages/enumerations';
import '../domain/zh-CN'; // the domain's texts, which enumLabels reads, registered before it runs

/** Relations of app users to stations: the list, a station's Relations tab and an account's relations. */
export default {
  field: {
    relationId: '关系 ID',
    station: '站点',
    resourceId: '站点 ID',
    resourceOriginId: '站点原始 ID',
    account: '用户',
    accountId: '账户 ID',
    mobile: '手机号',
    relationType: '关系类型',
    relationTypes: '关系类型（多选）',
    state: '状态',
    bindReason: '绑定原因',
    bindTime: '绑定时间',
    unbindReason: '解绑原因',
    unbindTime: '解绑时间',
    source: '来源',
    boundBy: '绑定人',
    unboundBy: '解绑人',
  },
  list: {
    title: '用户站点关系',
    actions: '操作',
    empty: '没有符合条件的关系',
    unknownAccount: '（平台暂无该账户资料）',
  },
  tab: {
    empty: '该站点暂无关联用户',
    allOfStation: '在关系列表中查看',
    bind: '绑定用户',
  },
  account: {
    empty: '该用户暂无关联站点',
    allOfAccount: '在关系列表中查看',
  },
  bind: {
    title: '绑定用户与站点',
    accountHint: '如 ACC100001',
    reasonHint: '说明绑定原因，将记录在站点操作记录中',
    submit: '绑定',
    cancel: '取消',
    done: '已绑定用户 {{accountId}}',
    userNotFound: '该区域没有此账户，请核对账户 ID',
    alreadyBound: '该用户已以此关系类型绑定此站点',
  },
  unbind: {
    action: '解绑',
    title: '解绑用户 {{account}}？',
    question: '解绑后该用户与站点的{{relationType}}关系结束，记录保留在关系列表和站点操作记录中。',
    reasonHint: '请填写解绑原因（必填）',
    submit: '解绑',
    cancel: '取消',
    done: '已解绑关系 {{relationId}}',
  },
  relationType: enumLabels('zh-CN', 'relationType'),
  relationState: enumLabels('zh-CN', 'relationState'),
  relationSource: enumLabels('zh-CN', 'relationSource'),
} as const;
