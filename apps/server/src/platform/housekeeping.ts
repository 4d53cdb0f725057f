import type { FastifyInstance } from 'fastify';

const EVERY_MS = 15 * 60_000;

/** Work that keeps a table small: deletes what no longer counts and says how many rows went. */
export interface Sweep {
  name: string;
  run: () => Promise<number>;
}

/** Runs every sweep every quarter of an hour; a failure is logged and tried again at the next interval. */
export function registerHousekeeping(app: FastifyInstance, sweeps: Sweep[]): void {
  const run = async () => {
    for (const sweep of sweeps) {
      try {
        const removed = await sweep.run();
        if (removed > 0) app.log.info({ sweep: sweep.name, removed }, 'housekeeping removed rows');
      } catch (error) {
        app.log.warn({ err: error, sweep: sweep.name }, 'housekeeping failed; retrying at the next interval');
      }
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
