/**
 * Builds the web client into apps/web/dist and stamps the build with a hash of its sources.
 *
 *   node --import tsx tools/web-build/build-web.ts             always builds (browser tests, CI)
 *   node --import tsx tools/web-build/build-web.ts --if-stale  builds only when dist is missing or its
 *                                                              stamp differs from the sources
 */
import { buildWeb, isCurrent, webSourceStamp, WEB_DIST } from './source-stamp';

const stamp = webSourceStamp();
if (process.argv.includes('--if-stale') && isCurrent(WEB_DIST, stamp)) {
  console.log('web client is current (apps/web/dist matches its sources): not rebuilding');
} else {
  buildWeb(stamp);
}
