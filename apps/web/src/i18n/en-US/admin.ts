/** Staff administration; the keys mirror zh-CN/admin.ts. */
export default {} as const;
