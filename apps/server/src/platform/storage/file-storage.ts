import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded bytes live; the local directory is the default, an object store can implement the same. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    // Keys are server-generated, but a path outside the root must never be reachable.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await fsp.writeFile(full, data);
  }

  async open(key: string): Promise<Readable> {
    const full = this.resolve(key);
    await fsp.access(full);
    return fs.createReadStream(full);
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}

/**
 * Runs work that writes files and database rows together (the rows in a transaction inside `work`). The
 * storage cannot take part in the transaction, so when the work fails the files it wrote are removed:
 * a rolled-back upload leaves no bytes behind that no row points to.
 */
export async function removingFilesOnFailure<T>(
  storage: FileStorage,
  work: (storage: FileStorage) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const tracking: FileStorage = {
    put: (key, data) => {
      // Noted before the write, so a half-written file is removed too.
      written.push(key);
      return storage.put(key, data);
    },
    open: (key) => storage.open(key),
    remove: (key) => storage.remove(key),
  };
  try {
    return await work(tracking);
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw error;
  }
}
