import { promisify } from 'node:util';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes a .br and a .gz next to every text file of the build, at the strongest levels: compressing once at
 * build time costs a few seconds, compressing per request would cost every request. The server sends the
 * variant the browser accepts (web-client.ts). A variant that would not be smaller is not written.
 */
function precompress(): Plugin {
  return {
    name: 'cmp:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const raw = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each route module needs; the bundle budget (tools/bundle-budget)
    // follows it to count what a page downloads.
    manifest: true,
    // Every page is its own chunk and sign-in and the mobile page stay far below this (the bundle budget
    // guards them). The one chunk above Vite's 500 kB default is @ant-design/pro-components with the antd
    // inputs it renders (ProField imports every value type: pickers, cascader, tree, colour, image), about
    // 830 kB minified and 200 kB brotli; only the table and form screens load it, and it cannot be split
    // further without loading the same bytes in more requests.
    chunkSizeWarningLimit: 900,
    // The H5 share page is a bundle of its own (no antd, no router), opened by whoever a share reaches.
    rollupOptions: { input: { main: 'index.html', share: 'share.html' } },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
