import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiSpelling } from './api-path.js';

const HASHED_ASSET = /\/assets\//;
const SHARE_PAGE = /^\/h5\/share\/?$/;

/**
 * Serves the built React client: hashed assets cached for a year, everything else revalidated, each as the
 * brotli or gzip file the build wrote next to it when the browser accepts one (with `Vary: Accept-Encoding`
 * and the original's content type), the file itself otherwise.
 * Returns the SPA fallback for the not-found handler (the shell file a client-side route loads), or undefined when no build is present
 * (API-only tests and `npm run dev` with Vite serving the client).
 */
export async function registerWebClient(
  app: FastifyInstance,
  webDist: string,
): Promise<((url: string) => string | undefined) | undefined> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'no built web client; run `npm run build -w apps/web` to serve the portal');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // Look files up per request rather than listing them at start, so a rebuild is served without a restart.
    wildcard: true,
    index: false,
    // The build compresses once at the strongest levels (apps/web/vite.config.ts); nothing is compressed per
    // request. The shell (sendFile('index.html') of the not-found handler) goes the same way.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        HASHED_ASSET.test(filePath.replaceAll('\\', '/'))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  // The H5 share page is a bundle of its own; every other client-side route (/cmp-app/**, /index, /main,
  // /error, /feedback-list, /*-detail, ...) loads the portal's shell.
  return (url) => {
    if (isApiSpelling(url) || HASHED_ASSET.test(url)) return undefined;
    return SHARE_PAGE.test(url) ? 'share.html' : 'index.html';
  };
}
