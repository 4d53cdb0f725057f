import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../../main.ts');

describe('data directory lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('should refuse a second holder while the first holds the directory, and allow it after release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);

    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another portal process \(pid \d+\)/);

    release();
    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  it('should take over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'portal.lock'), '4194304');

    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  it('should make a second server process on the same directory refuse to start with a clear message', async () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

      expect(code).toBe(1);
      expect(stderr).toContain(`The data directory ${dir} is in use by another portal process`);
    } finally {
      release();
    }
  });
});
