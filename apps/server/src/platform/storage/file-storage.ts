import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded bytes live; the local directory is the default, an object store can implement the same. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Writes what `source` yields under `key`, replacing what was there only once all of it is written. */
  write(key: string, source: AsyncIterable<Buffer | string>): Promise<number>;
  open(key: string): Promise<Readable>;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/`. */
  removeAll(prefix: string): Promise<void>;
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

  async write(key: string, source: AsyncIterable<Buffer | string>): Promise<number> {
    const full = this.resolve(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    // A file cut off by a crash is never taken for the whole: it gets its name only when complete.
    const partial = `${full}.${process.pid}.partial`;
    const sink = fs.createWriteStream(partial);
    await pipeline(Readable.from(source), sink);
    await fsp.rename(partial, full);
    return sink.bytesWritten;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await fsp.stat(this.resolve(key))).size;
    } catch {
      return undefined;
    }
  }

  async removeAll(prefix: string): Promise<void> {
    await fsp.rm(this.resolve(prefix), { recursive: true, force: true });
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
    write: (key, source) => {
      written.push(key);
      return storage.write(key, source);
    },
    open: (key) => storage.open(key),
    size: (key) => storage.size(key),
    remove: (key) => storage.remove(key),
    removeAll: (prefix) => storage.removeAll(prefix),
  };
  try {
    return await work(tracking);
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw error;
  }
}

/** A stored file (or any stream of buffers) read whole: for files a step reads at once, a sheet or a list. */
export async function readAll(source: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
