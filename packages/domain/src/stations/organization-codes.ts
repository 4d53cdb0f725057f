/**
 * Organization codes (GB 11714, 8 characters and a check character) and unified social credit codes
 * (GB 32100, 18 characters, embedding the organization code), with their check characters: the portal
 * gives sub-operators the interconnection feed names without any such codes, valid so that they pass the
 * checks other systems make.
 */

const ORG_BODY_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];
/** GB 32100 leaves out I, O, S, V and Z. An organization code a credit code embeds uses only these. */
export const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Registration authority 9 (market regulation), entity type 1 (enterprise). */
const CREDIT_PREFIX = '91';

export function organizationCodeCheck(body: string): string {
  const sum = [...body].reduce((total, char, i) => total + ORG_BODY_CHARS.indexOf(char) * ORG_WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

export function creditCodeCheck(first17: string): string {
  const sum = [...first17].reduce(
    (total, char, i) => total + CREDIT_CHARS.indexOf(char) * CREDIT_WEIGHTS[i]!,
    0,
  );
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}

export function isOrganizationCode(code: string): boolean {
  return /^[0-9A-Z]{8}[0-9X]$/.test(code) && organizationCodeCheck(code.slice(0, 8)) === code[8];
}

export function isCreditCode(code: string): boolean {
  return (
    code.length === 18 &&
    [...code].every((char) => CREDIT_CHARS.includes(char)) &&
    creditCodeCheck(code.slice(0, 17)) === code[17]
  );
}

/** The credit code of an organization code registered in `divisionCode` (a 6-digit GB/T 2260 code). */
export function creditCodeFor(organizationCode: string, divisionCode: string): string {
  const first17 = CREDIT_PREFIX + divisionCode + organizationCode;
  return first17 + creditCodeCheck(first17);
}
