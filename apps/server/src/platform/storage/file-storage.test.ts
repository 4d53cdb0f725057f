import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStorage, removingFilesOnFailure } from './file-storage.js';

describe('removingFilesOnFailure', () => {
  let root: string;
  let storage: LocalFileStorage;
  const exists = (key: string) =>
    fsp.access(path.join(root, key)).then(
      () => true,
      () => false,
    );

  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'cmp-storage-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => fsp.rm(root, { recursive: true, force: true }));

  it('should remove the files the work wrote when it fails, and pass its error on', async () => {
    await storage.put('network/aa/kept.jpg', Buffer.from('earlier'));
    const failure = removingFilesOnFailure(storage, async (tracked) => {
      await tracked.put('network/bb/original.jpg', Buffer.from('a'));
      await tracked.put('network/cc/small.jpg', Buffer.from('b'));
      throw new Error('insert failed');
    });

    await expect(failure).rejects.toThrow('insert failed');
    expect(await exists('network/bb/original.jpg')).toBe(false);
    expect(await exists('network/cc/small.jpg')).toBe(false);
    expect(await exists('network/aa/kept.jpg')).toBe(true);
  });

  it('should keep the files and answer the result when the work succeeds', async () => {
    const result = await removingFilesOnFailure(storage, async (tracked) => {
      await tracked.put('tenant/dd/file.pdf', Buffer.from('c'));
      return 'stored';
    });

    expect(result).toBe('stored');
    expect(await exists('tenant/dd/file.pdf')).toBe(true);
  });
});
