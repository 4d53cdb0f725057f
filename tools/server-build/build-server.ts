/**
 * Builds the server into apps/server/dist (plain JavaScript `node` starts as it is) and stamps the build
 * with a hash of its sources. `npm install` runs it; `npm start` runs the same build when it is stale.
 *
 *   node --import tsx tools/server-build/build-server.ts
 */
import { buildServer } from '../../apps/server/src/build/server-build.js';

const started = performance.now();
await buildServer();
console.log(`server built into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
