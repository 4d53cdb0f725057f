/**
 * What `npm start` runs, from the server's build (`node apps/server/dist/start.js`): brings the web
 * client's build and the server's up to date with their sources, then starts the server in this process.
 * A start with nothing changed only hashes the sources; a changed server builds in about a second, a
 * changed web client in a minute (Vite).
 */
import { buildWeb, isCurrent, webSourceStamp, WEB_DIST } from '../../../tools/web-build/source-stamp.js';
import { builtServerStamp, serverSourceStamp } from './platform/source-stamp.js';

const web = webSourceStamp();
if (!isCurrent(WEB_DIST, web)) {
  console.log('building the web client (its sources changed since apps/web/dist was built)…');
  buildWeb(web);
}
const server = serverSourceStamp();
if (builtServerStamp() !== server) {
  console.log('building the server (its sources changed since apps/server/dist was built)…');
  // esbuild loads only when there is something to build.
  const { buildServer } = await import('./build/server-build.js');
  await buildServer(server);
}
// The server of this very build (a path, not a module esbuild could bundle into the launcher).
await import(new URL('./main.js', import.meta.url).href);
