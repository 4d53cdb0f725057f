/** Words several screens share; the keys mirror zh-CN/common.ts. */
export default {
  tenant: {
    nio: 'Parent-brand area',
    pe: 'Power-energy area',
    rsc: 'RSC area',
  },
  role: {
    admin: 'Admin',
    operator: 'Operator',
    viewer: 'Viewer',
  },
} as const;
