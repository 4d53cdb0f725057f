/**
 * Prints what each page of a web build downloads on a first visit, per encoding.
 *
 *   node --import tsx tools/bundle-budget/report.ts [dist=apps/web/dist]
 */
import path from 'node:path';
import { PAGES, pageWeight, readManifest, type PageName } from './pages';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../apps/web/dist'));
const manifest = readManifest(dist);
const kb = (bytes: number) => (bytes / 1024).toFixed(0).padStart(6);
console.log(`${'page'.padEnd(32)} files    raw KB   gzip KB  brotli KB`);
for (const page of Object.keys(PAGES) as PageName[]) {
  const weight = pageWeight(dist, page, manifest);
  console.log(
    `${PAGES[page].label.padEnd(32)} ${String(weight.files.length).padStart(5)}    ${kb(weight.raw)}    ${kb(weight.gzip)}     ${kb(weight.brotli)}`,
  );
}
