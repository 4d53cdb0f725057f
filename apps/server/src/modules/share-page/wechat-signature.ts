import { createHash, randomBytes } from 'node:crypto';

/**
 * The messenger JS-SDK's signature: SHA-1 (hex) of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the four
 * fields in that order, unescaped, over the page's full address without its `#` fragment.
 */
export function wechatSignature(input: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const url = input.url.split('#')[0]!;
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(text).digest('hex');
}

export const newNonce = (): string => randomBytes(12).toString('base64url');
