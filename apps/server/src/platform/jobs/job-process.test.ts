import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { columnValues, jobFile, sheetOfBytes } from '../../test/export-files.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { JobProcess } from './job-process.js';
import { jobs } from './jobs.tables.js';

/** Waits for `probe` to answer a value, however slow the machine, within the test's own limit. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (const deadline = Date.now() + 50_000; Date.now() < deadline; await sleep(50)) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`waited in vain for ${what}`);
}

// The job process runs beside a server on PostgreSQL only: the embedded database lives in the server.
describe.runIf(process.env.TEST_DATABASE_URL)('the job process', () => {
  let sut: TestContext;
  let jobProcess: JobProcess;
  let admin: string;

  beforeEach(async () => {
    jobProcess = new JobProcess();
    sut = await createTestContext({ exportStreamLimit: 1 }, { jobPlacement: jobProcess.placement });
    admin = await sut.systemAdmin('root');
    await sut.createUser({ userName: 'nio.op', roles: [{ tenant: 'nio', role: 'operator' }] });
  });
  afterEach(async () => {
    await jobProcess.stop();
    await sut.app.close();
  });

  const start = () => jobProcess.start({ ...sut.config, databaseUrl: sut.database.url }, sut.app.log);
  const queueExport = async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/admin/users/export',
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json().jobId as number;
  };
  const stateOf = async (jobId: number) =>
    (await sut.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;

  it('should run the exports the server leaves to it, at the lowest priority, and start again when it dies', async () => {
    // The server's own runner takes no export: with no job process the job waits in the queue.
    const waiting = await queueExport();
    await sut.app.ready();
    await sleep(300);
    expect((await stateOf(waiting)).state).toBe('queued');

    start();
    const first = await until('the job process', () => jobProcess.pid);
    const done = await until('the export to end', async () => {
      const row = await stateOf(waiting);
      return ['succeeded', 'failed'].includes(row.state) ? row : undefined;
    });
    expect(done.state, done.error ?? '').toBe('succeeded');
    const sheet = await sheetOfBytes(
      await jobFile(sut, waiting, (done.result as { files: { name: string }[] }).files[0]!.name),
    );
    expect(columnValues(sheet, 1)).toEqual(['nio.op', 'root']);
    expect(os.getPriority(first)).toBe(19);

    // Killed, it starts again and takes the next export, woken by the server when the job is queued.
    process.kill(first, 'SIGKILL');
    await until('a new job process', () => (jobProcess.pid && jobProcess.pid !== first ? true : undefined));
    const next = await queueExport();
    const again = await until('the second export to end', async () => {
      const row = await stateOf(next);
      return ['succeeded', 'failed'].includes(row.state) ? row : undefined;
    });
    expect(again.state, again.error ?? '').toBe('succeeded');
  }, 120_000);
});
