import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * Who holds the lock. A pid alone does not name a process: after a reboot, or in a container, another
 * program gets the same pid. Where Linux tells them, the boot and the process's start time pin it down.
 */
interface Holder {
  pid: number;
  bootId: string | null;
  startTicks: string | null;
}

const readText = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

const bootId = (): string | null => readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks after boot. */
function startTicksOf(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces; fields count from after it.
  const afterName = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return afterName?.[19] ?? null;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const thisProcess = (): Holder => ({
  pid: process.pid,
  bootId: bootId(),
  startTicks: startTicksOf(process.pid),
});

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(value.pid) && value.pid! > 0
      ? { pid: value.pid!, bootId: value.bootId ?? null, startTicks: value.startTicks ?? null }
      : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock still runs: same pid, and where known the same boot and start. */
function stillRuns(holder: Holder): boolean {
  if (!isAlive(holder.pid)) return false;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  const started = startTicksOf(holder.pid);
  return !(holder.startTicks && started && holder.startTicks !== started);
}

/**
 * PGlite does not stop a second process from opening the same directory, and the two then silently
 * lose each other's writes. This lock makes the second process refuse to start. A lock whose writer
 * no longer runs (killed, or the machine restarted) is taken over, as is one an older version wrote.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, JSON.stringify(thisProcess()));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = readText(lockPath) ?? '';
      const holder = parseHolder(text);
      if (holder && stillRuns(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another portal process (pid ${holder.pid}). ` +
            'Stop that process, or give this one another DATA_DIR, or use a PostgreSQL server (DATABASE_URL) to run several processes.',
        );
      }
      // Remove only the stale lock that was read: another starting process may have just replaced it.
      if (readText(lockPath) === text) fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}`);
}
