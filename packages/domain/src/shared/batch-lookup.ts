/** The account services answer at most this many identifiers per call. */
export const LOOKUP_CHUNK_SIZE = 100;
export const LOOKUP_SUCCESS = 'success';

/** A look-up's answer in the services' form: a result code, and data only worth reading on success. */
export interface LookupResult<T> {
  resultCode: string;
  data: T[];
}

export function chunk<T>(items: readonly T[], size: number = LOOKUP_CHUNK_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

/**
 * Looks up many identifiers in chunks sent in parallel and merges the answers in order. The first failed
 * chunk (in input order) decides the result code, and the data is then empty: a partial list would read as
 * "the others do not exist".
 */
export async function batchLookup<K, T>(
  keys: readonly K[],
  lookup: (chunk: K[]) => Promise<LookupResult<T>>,
  chunkSize: number = LOOKUP_CHUNK_SIZE,
): Promise<LookupResult<T>> {
  const results = await Promise.all(chunk(keys, chunkSize).map((part) => lookup(part)));
  const failed = results.find((result) => result.resultCode !== LOOKUP_SUCCESS);
  if (failed) return { resultCode: failed.resultCode, data: [] };
  return { resultCode: LOOKUP_SUCCESS, data: results.flatMap((result) => result.data) };
}
