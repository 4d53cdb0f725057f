/**
 * Coupon codes are typed by people from a screen or a printed card, so the alphabet leaves out the
 * look-alikes 0/O, 1/I: 32 characters, 5 bits each, drawn without bias from a CSPRNG.
 */
export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A guess at a code of a batch hits one of its coupons at most once in 2^40 tries. */
const GUESS_BITS = 40;
const MIN_CODE_LENGTH = 12;

/** The code length for a batch of `amount` coupons: long enough that guessing stays hopeless as it grows. */
export function couponCodeLength(amount: number): number {
  const bits = Math.log2(Math.max(amount, 1)) + GUESS_BITS;
  return Math.max(MIN_CODE_LENGTH, Math.ceil(bits / 5));
}

/** `count` random codes of `length` characters. */
export function randomCouponCodes(count: number, length: number): string[] {
  const bytes = new Uint8Array(count * length);
  // getRandomValues fills at most 65,536 bytes a call.
  for (let at = 0; at < bytes.length; at += 65_536) {
    globalThis.crypto.getRandomValues(bytes.subarray(at, Math.min(at + 65_536, bytes.length)));
  }
  const codes = new Array<string>(count);
  for (let i = 0; i < count; i += 1) {
    let code = '';
    for (let j = 0; j < length; j += 1) code += COUPON_CODE_ALPHABET[bytes[i * length + j]! & 31];
    codes[i] = code;
  }
  return codes;
}

/** Whether a text could be a code at all, before any look-up; codes are read case-insensitively. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();
