import type { PortalModule, SharedDeps } from '../../platform/portal-module.js';
import { jobRoutes } from './jobs.routes.js';
import { JobsService } from './jobs.service.js';

export function jobsModule({ db, jobs, storage, config }: SharedDeps): PortalModule {
  const service = new JobsService(db, jobs.queue, storage);
  return {
    tenant: async (scope) => scope.register(jobRoutes, { jobs: service }),
    sweeps: [
      {
        name: 'finished jobs',
        run: async () => {
          const removed = await jobs.queue.removeFinishedBefore(config.jobRetentionDays);
          for (const jobId of removed) await storage.removeAll(`jobs/${jobId}`);
          return removed.length;
        },
      },
    ],
  };
}
