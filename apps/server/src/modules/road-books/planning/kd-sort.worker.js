// Plain JavaScript: Node 20 starts worker threads without the TypeScript loader the server runs under.
import { parentPort } from 'node:worker_threads';
import KDBush from 'kdbush';

/** Sorts a filled, unsorted kdbush buffer in place and hands it back (the buffer travels, not a copy). */
parentPort.once('message', (data) => {
  KDBush.from(data).finish();
  parentPort.postMessage(data, [data]);
});
