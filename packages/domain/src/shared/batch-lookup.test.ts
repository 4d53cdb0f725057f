import { describe, expect, it, vi } from 'vitest';
import { batchLookup, chunk, LOOKUP_CHUNK_SIZE, type LookupResult } from './batch-lookup.js';

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `a${i}`);
const echo = async (part: string[]): Promise<LookupResult<string>> => ({ resultCode: 'success', data: part });

describe('chunk', () => {
  it('should split by 100 by default', () => {
    expect(LOOKUP_CHUNK_SIZE).toBe(100);
    expect(chunk(ids(250)).map((part) => part.length)).toEqual([100, 100, 50]);
  });

  it('should give no chunk for no items', () => {
    expect(chunk([])).toEqual([]);
  });

  it('should refuse a chunk size below 1', () => {
    expect(() => chunk(ids(3), 0)).toThrow(RangeError);
  });
});

describe('batchLookup', () => {
  it('should send every chunk before any answers and merge the answers in order', async () => {
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const lookup = vi.fn((part: string[]) => {
      started.push(part.length);
      return new Promise<LookupResult<string>>((resolve) => {
        releases.push(() => resolve({ resultCode: 'success', data: part }));
      });
    });

    const pending = batchLookup(ids(201), lookup);
    expect(started).toEqual([100, 100, 1]);
    releases.reverse().forEach((release) => release());

    expect(await pending).toEqual({ resultCode: 'success', data: ids(201) });
  });

  it('should carry the code of the first failed chunk with empty data', async () => {
    const lookup = vi.fn(async (part: string[]): Promise<LookupResult<string>> => {
      if (part[0] === 'a100') return { resultCode: 'resource_not_found', data: [] };
      if (part[0] === 'a200') return { resultCode: 'internal_error', data: [] };
      return echo(part);
    });

    expect(await batchLookup(ids(250), lookup)).toEqual({ resultCode: 'resource_not_found', data: [] });
  });

  it('should answer success with no data for no keys without calling the service', async () => {
    const lookup = vi.fn(echo);
    expect(await batchLookup([], lookup)).toEqual({ resultCode: 'success', data: [] });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('should let a thrown error through', async () => {
    await expect(batchLookup(ids(1), () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});
