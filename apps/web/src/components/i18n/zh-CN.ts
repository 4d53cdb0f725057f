/** Texts of the shared UI kit, namespace `components`. Chinese is the portal's default language. */
export default {
  searchTable: {
    all: '全部',
    inputPlaceholder: '请输入',
    startTime: '开始时间',
    endTime: '结束时间',
    last7Days: '近7天',
    last30Days: '近30天',
    last90Days: '近90天',
    empty: '暂无数据',
    loadFailed: '数据加载失败',
    retry: '重试',
    total: '共 {{total}} 条',
  },
  entityForm: {
    create: '创建',
    edit: '编辑',
    editSection: '编辑{{section}}',
    save: '保存',
    cancel: '取消',
  },
  unsaved: {
    title: '放弃未保存的修改？',
    content: '修改尚未保存，放弃后将丢失。',
    discard: '放弃修改',
    keepEditing: '继续编辑',
  },
  businessHours: {
    timezone: '时区',
    addRange: '添加时段',
    removeRange: '删除时段',
    start: '开始时间',
    end: '结束时间',
    rangeProblem: '时段{{range}}：{{message}}',
  },
  upload: {
    chooseFile: '选择文件',
    uploadImage: '上传图片',
    uploading: '上传中',
    uploadFailed: '上传失败',
    noImage: '暂无图片',
    tooLarge: '{{name}} 大小为 {{size}}，超过上传上限 {{max}}，未上传',
  },
  switch: {
    yes: '是',
    no: '否',
  },
} as const;
