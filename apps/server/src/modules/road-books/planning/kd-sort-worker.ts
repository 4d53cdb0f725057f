import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SERVER_ROOT } from '../../../platform/server-root.js';

// From the server's root: the build puts this code in a chunk of its own, the worker beside the entries.
const WORKER_SCRIPT = path.join(
  SERVER_ROOT,
  import.meta.url.endsWith('.ts')
    ? 'src/modules/road-books/planning/kd-sort.worker.js'
    : 'dist/kd-sort.worker.js',
);

/** Sorts a filled kdbush buffer (`new KDBush(...)`, every point added, not finished) into a k-d tree. */
export type TreeSorter = (data: ArrayBuffer) => Promise<ArrayBuffer>;

/**
 * Sorts in a worker thread, so a million-station tree (about half a second of sorting) does not hold the
 * event loop. The buffer is transferred both ways, never copied. A thread per sort: sorts are rare (the
 * first build, then a rebuild per 1 % of the stations changed), its start costs tens of milliseconds on
 * its own thread, and no idle thread outlives the index that asked.
 */
export const sortInWorker: TreeSorter = (data) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT);
    let sorted: ArrayBuffer | null = null;
    worker.once('message', (answer: ArrayBuffer) => {
      sorted = answer;
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (sorted) resolve(sorted);
      else reject(new Error(`the k-d tree worker stopped before answering (exit code ${code})`));
    });
    worker.postMessage(data, [data]);
  });
