/**
 * Whether a request path, spelled any way a router or a file server might still read as the API
 * (percent-encoded, any case, repeated slashes, dot segments, backslashes), lies under `/api`.
 * Used only to refuse such spellings that match no API route; access itself is decided from the
 * matched route, never from this text.
 */
export function isApiSpelling(url: string): boolean {
  const path = canonicalPath(url);
  return path === '/api' || path.startsWith('/api/');
}

const MAX_DECODE_ROUNDS = 3;

function canonicalPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  // Decode until stable, so double encoding (%2561) is seen through too.
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}
