/** Words several screens share. */
export default {
  tenant: {
    nio: '品牌区域',
    pe: '能源区域',
    rsc: 'RSC 区域',
  },
  role: {
    admin: '管理员',
    operator: '运营',
    viewer: '只读',
  },
} as const;
