import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWeight, type PageName } from './pages';

const WEB = path.resolve(import.meta.dirname, '../../apps/web');
// vite's exports name no bin: its CLI sits next to the package's dist/node/index.js.
const VITE = path.resolve(
  createRequire(path.join(WEB, 'package.json')).resolve('vite'),
  '../../../bin/vite.js',
);

// Brotli bytes of a first visit. Raised six times up to 2026-11-29 (sign-in 250 → 265 with issues #15, #17 and
// #30, the mobile page 175 → 199 and with its map 316 → 334 with issues #16, #18, #29, #30 and #31), each time
// because the domain's messages of both languages, which every page loaded whole, had grown. They now load in the
// reader's language only (apps/web/src/i18n/domain-catalogs.ts), and the budgets are the measurement of
// 2026-11-29 after that split plus about 2 % (docs/performance.md, "First load": 3 % would have left them where
// they were). Raise one only with a reason written next to the figure in docs/performance.md.
const BUDGET_KB: Partial<Record<PageName, number>> = {
  // Issue 33 asks the H5 share page to stay under 120 KB compressed; it measured 63 KB (React is most of it).
  share: 120,
  signIn: 263,
  // 197 → 200 with issue #33: its messages and the share page's entry (docs/performance.md, "First load").
  mobile: 200,
  mobileWithMap: 334,
};

describe('the bundle budget', () => {
  let dist: string;
  let buildOutput: string;
  beforeAll(async () => {
    // A build of its own, so that the budget holds on a fresh checkout and never reads a stale dist.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-budget-'));
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [VITE, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
      // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      { cwd: WEB, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
    );
    buildOutput = stdout + stderr;
  }, 240_000);
  afterAll(() => {
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(Object.entries(BUDGET_KB))('should keep the %s page within its budget', (page, budgetKb) => {
    const weight = pageWeight(dist, page as PageName);

    expect(
      Math.round(weight.brotli / 1024),
      `${page} loads ${weight.files.length} files:\n${weight.files.join('\n')}`,
    ).toBeLessThanOrEqual(budgetKb);
  });

  it('should keep antd out of the mobile page until its map opens', () => {
    const files = pageWeight(dist, 'mobile').files.join('\n');

    expect(files).not.toMatch(/AppProviders|StaffLayout|config-provider/);
  });

  it("should give the tenant area antd's prebuilt stylesheet, and not the sign-in page", () => {
    const antdRules = (page: PageName) =>
      pageWeight(dist, page)
        .files.filter((file) => file.endsWith('.css'))
        .filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes('.ant-btn{'));

    expect(antdRules('home')).toHaveLength(1);
    expect(antdRules('signIn')).toEqual([]);
  });

  it('should write a brotli and a gzip file next to every script and stylesheet worth compressing', () => {
    const assets = fs.readdirSync(path.join(dist, 'assets'));
    const worth = assets.filter(
      (name) => /\.(?:js|css)$/.test(name) && fs.statSync(path.join(dist, 'assets', name)).size > 1024,
    );

    expect(worth.length).toBeGreaterThan(20);
    for (const name of worth) {
      expect(assets, name).toContain(`${name}.br`);
      expect(assets, name).toContain(`${name}.gz`);
    }
  });

  it("should build without Vite's chunk size warning", () => {
    expect(buildOutput).not.toContain('Some chunks are larger than');
  });
});
