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
    fs.writeFileSync(path.join(dir, 'portal.lock'), JSON.stringify({ pid: 4194304 }));

    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  it('should take over a lock naming a live process that is not its writer (a pid used again)', () => {
    const unrelated = spawn('sleep', ['30']);
    try {
      const dir = tempDir();
      const lockPath = path.join(dir, 'portal.lock');
      // What an older version wrote: the bare pid, here of a live program that is no portal.
      fs.writeFileSync(lockPath, String(unrelated.pid));
      expect(() => lockDataDir(dir)()).not.toThrow();
      // The same pid on another boot, or started at another time, is another process too.
      const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      fs.writeFileSync(
        lockPath,
        JSON.stringify({ pid: unrelated.pid, bootId: 'another-boot', startTicks: null }),
      );
      expect(() => lockDataDir(dir)()).not.toThrow();
      fs.writeFileSync(lockPath, JSON.stringify({ pid: unrelated.pid, bootId, startTicks: '1' }));
      expect(() => lockDataDir(dir)()).not.toThrow();
    } finally {
      unrelated.kill();
    }
  });

  it('should refuse while another live process holds the directory, and take over once it was killed -9', async () => {
    const dir = tempDir();
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${path.resolve(import.meta.dirname, 'data-dir-lock.ts')}').then((m) => { m.lockDataDir(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000); })`,
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));

    expect(() => lockDataDir(dir)).toThrow(new RegExp(`another portal process \\(pid ${holder.pid}\\)`));

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
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
