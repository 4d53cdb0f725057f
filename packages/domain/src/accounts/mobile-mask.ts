/**
 * A mobile as a viewer sees it: the first three and last four digits (138****0000), shorter numbers all but
 * their last two. Operators see mobiles whole (docs/decisions.md "Accounts and app users").
 */
export const maskMobile = (mobile: string | null): string | null => {
  if (!mobile) return mobile;
  return mobile.length >= 7
    ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}`
    : `${'*'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;
};
