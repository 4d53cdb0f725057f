/** Staff administration. */
export default {} as const;
