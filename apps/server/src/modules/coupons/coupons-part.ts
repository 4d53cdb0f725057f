import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { JobKind } from '../../platform/jobs/job-kind.js';
import type { Sweep } from '../../platform/housekeeping.js';

/** One slice of the coupons module (batches, records, claims): its jobs, upkeep and routes. */
export interface CouponsPart {
  jobKinds: JobKind[];
  sweeps?: Sweep[];
  /** Staff routes under /api/{tenant}. */
  tenant?: (scope: FastifyInstance) => Promise<void>;
  /** Signed app routes under /api, for the app back end's client. */
  app?: FastifyPluginAsync;
}
