import { enumLabels } from '@cmp/domain/messages/enumerations';
import '../domain/zh-CN'; // the domain's texts, which enumLabels reads, registered before it runs

/** Worksheets (work orders on a station): list, detail, create and close. */
export default {
  field: {
    worksheetId: '工单编号',
    resourceId: '站点 ID',
    resourceName: '站点名称',
    resourceType: '站点类型',
    station: '站点',
    title: '标题',
    description: '描述',
    status: '状态',
    creatorName: '创建人',
    createTime: '创建时间',
    updateTime: '更新时间',
    closeTime: '关闭时间',
    closedByName: '关闭人',
    closeRemark: '关闭备注',
  },
  status: enumLabels('zh-CN', 'worksheetStatus'),
  filter: {
    keyword: '关键字',
    keywordHint: '标题中的文字',
  },
  list: {
    title: '工单列表',
    create: '新建工单',
    actions: '操作',
    view: '查看',
    close: '关闭',
  },
  create: {
    title: '新建工单',
    station: '站点',
    stationHint: '输入站点名称或 ID 搜索',
    stationTypeToSearch: '输入站点名称或 ID 查找站点',
    stationNone: '没有匹配的站点',
    submit: '创建',
    cancel: '取消',
    created: '已创建工单 {{worksheetId}}',
  },
  close: {
    title: '关闭工单 {{worksheetId}}',
    question: '关闭后工单不能再打开，确定关闭吗？',
    remarkHint: '处理结果（选填）',
    confirm: '确定关闭',
    cancel: '取消',
    closed: '已关闭工单 {{worksheetId}}',
  },
  detail: {
    title: '工单 {{worksheetId}}',
    back: '返回工单列表',
    missingId: '链接中缺少工单编号',
    notFound: '工单不存在或已被删除',
    openStation: '查看站点',
  },
  tab: {
    all: '全部',
    empty: '此站点还没有工单',
    allOfStation: '在工单列表中查看',
  },
} as const;
