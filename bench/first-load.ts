/**
 * First-load benchmark of the web client: for each page, what a first visit (empty cache) downloads and how
 * soon it shows, in Debian's Chromium against the real server on 127.0.0.1 with the demo data.
 *
 *   npx tsx bench/first-load.ts [--web-dist=apps/web/dist] [--server-root=.] [--runs=3] [--only=staff,...]
 *     [--dwell=0] [--portal-only]
 *
 * `--server-root` runs the server of another checkout (e.g. an export of an older commit, to measure
 * "before"); `--web-dist` serves another build. Per page and run: a new browser context (no cache) with the
 * session cookie of nio-operator (except sign-in and the mobile page), the page opened, and then
 *   - bytes on the wire: the encoded (compressed, with headers) length of every response, split into the
 *     web client (HTML, scripts, stylesheets, images) and the API;
 *   - first paint: the browser's first-contentful-paint (the loading status, when the page takes longer
 *     than its first texts);
 *   - frame: on the pages of a tenant's area, when the portal's frame (header, menu) is in the document;
 *   - ready: when the page shows what it is for (the sign-in button, the first row of a table, ...),
 *     all from the start of the navigation.
 * The figures are the median of the runs.
 *
 * Then every list of the side menu (every built area of `apps/web/src/app/areas.ts` that shows a table,
 * signed in as nio-admin so the admin's lists are in), twice per run: typed into a new tab (cold cache,
 * as above) and opened from inside the portal (the tenant's home already open, then the list's path pushed
 * onto the router, as a click in the menu does: its screen's chunk and its rows fetched then). "Rows" is
 * when the first table row shows, or the table says it is empty once nothing spins any more. Opened from the
 * portal, it is split by what was fetched after the push: when the last script or style arrived, and when
 * its first API call went out and its last one came back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { PORTAL_AREAS } from '../apps/web/src/app/areas';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? ''];
  }),
);
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const serverRoot = path.resolve(args.get('server-root') ?? REPO_ROOT);
const webDist = path.resolve(args.get('web-dist') ?? path.join(REPO_ROOT, 'apps/web/dist'));
const runs = Number(args.get('runs') ?? 3);
/** `--only=key,key`: just these lists (area keys), and no pages. */
const only = (args.get('only') ?? '').split(',').filter((key) => key !== '');
/**
 * `--dwell=ms`: how long the tenant's home is shown before a list is opened from it. 0 opens the list the
 * moment the home is idle, before the portal fetches the table kit in idle time (two seconds after its frame
 * shows); a user who reads the home first opens a list with the kit in.
 */
const dwellMs = Number(args.get('dwell') ?? 0);
/** `--portal-only`: each list opened from the portal only, not also typed into a new tab. */
const portalOnly = args.has('portal-only');
const DEMO_PASSWORD = 'bench-demo-password';
const TENANT = 'nio';

interface Page {
  name: string;
  path: string;
  /** A selector that appears when the page shows what it is for. */
  ready: string;
  /** Whether the page sits in the portal's frame (header and side menu). */
  framed?: boolean;
  signedIn: boolean;
}

interface Sample {
  webBytes: number;
  webFiles: number;
  apiBytes: number;
  firstPaintMs: number;
  frameMs: number;
  readyMs: number;
}

// Notes when the portal's frame (its <header>) first enters the document; runs before any script of the page.
// A string: this file is compiled without the DOM's types.
const WATCH_FRAME = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('header')) return;
    window.frameAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function startServer(dataDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: webDist,
      DEMO_DATA: 'on',
      DEMO_PASSWORD,
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Portal ready at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(new URL(url).origin);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { origin, child };
}

/** A browser context signed in as `userName` (its cookie to reuse), through the API. */
async function signedInContext(browser: Browser, origin: string, userName: string) {
  const context = await browser.newContext({ baseURL: origin });
  const signedIn = await context.request.post('/api/auth/sign-in', {
    headers: { origin },
    data: { userName, password: DEMO_PASSWORD },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
  return context;
}

/** Signs in through the API and finds a charging station and a shared road book to open. */
async function prepare(browser: Browser, origin: string) {
  const context = await signedInContext(browser, origin, 'nio-operator');
  const headers = { origin };
  const stations = (await (
    await context.request.get(`/api/${TENANT}/stations?pageNo=1&pageSize=1&resourceType=ChargeStation`)
  ).json()) as { items: { resourceId: string }[] };
  const roadBooks = (await (
    await context.request.get(`/api/${TENANT}/road-books?pageNo=1&pageSize=1`)
  ).json()) as { items: { roadBookId: number }[] };
  const station = stations.items[0]?.resourceId;
  const roadBook = roadBooks.items[0]?.roadBookId;
  if (!station || !roadBook) throw new Error('the demo data has no charging station or no road book');
  const share = (await (
    await context.request.post(`/api/${TENANT}/road-books/${roadBook}/share`, { headers })
  ).json()) as { url: string };
  const storageState = await context.storageState();
  await context.close();
  return { storageState, station, roadBook, shareUrl: share.url };
}

async function measure(context: BrowserContext, origin: string, page: Page): Promise<Sample> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  let webBytes = 0;
  let webFiles = 0;
  let apiBytes = 0;
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId) ?? '';
    if (new URL(url, origin).pathname.startsWith('/api/')) apiBytes += event.encodedDataLength;
    else {
      webBytes += event.encodedDataLength;
      webFiles += 1;
    }
  });
  if (page.framed) await tab.addInitScript({ content: WATCH_FRAME });
  await tab.goto(origin + page.path);
  await tab.locator(page.ready).first().waitFor({ state: 'attached', timeout: 30_000 });
  const readyMs = await tab.evaluate(() => performance.now());
  // What is still on its way for the page (the rest of a table's requests, map tiles aside) counts too.
  await tab.waitForLoadState('networkidle');
  const firstPaintMs = await tab.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  const frameMs = page.framed ? Number(await tab.evaluate('window.frameAt ?? NaN')) : Number.NaN;
  await tab.close();
  return { webBytes, webFiles, apiBytes, firstPaintMs, frameMs, readyMs };
}

/** The first row, or the table's empty state once no spinner is left. Run in the page (no DOM types here). */
function rowsShown(): boolean {
  const { document } = globalThis as unknown as { document: { querySelector: (css: string) => unknown } };
  return (
    document.querySelector('.ant-table-row') !== null ||
    (document.querySelector('.ant-table-placeholder .ant-empty') !== null &&
      document.querySelector('.ant-spin-spinning') === null)
  );
}

/** The lists of the side menu: every built area in the menu whose screen is a table. */
const LIST_AREAS = PORTAL_AREAS.filter(
  (area) =>
    area.built &&
    area.inMenu &&
    // The home is a dashboard, the route planner a map, the account lookup waits for a search, and the tag
    // catalogue, regions and operators open as trees and cards.
    !['home', 'routePlanning', 'accounts', 'resourceTags', 'regions', 'operators'].includes(area.key),
);

/** Where the time of a list opened from the portal goes, each from the push. */
interface ListTimes {
  rowsMs: number;
  /** The last script or stylesheet fetched for it has arrived. */
  codeMs: number;
  /** Its first API request went out. */
  apiStartMs: number;
  /** Its last API response has arrived. */
  apiEndMs: number;
}

/** The scripts, styles and API calls fetched since `since` (ms on the page's clock). Run in the page. */
function fetchedSince(since: number): { code: number; apiStart: number; apiEnd: number } {
  const { performance } = globalThis as unknown as {
    performance: {
      getEntriesByType: (type: string) => { name: string; startTime: number; responseEnd: number }[];
    };
  };
  const entries = performance.getEntriesByType('resource').filter((entry) => entry.startTime >= since);
  const api = entries.filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));
  const code = entries.filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname));
  return {
    code: Math.max(since, ...code.map((entry) => entry.responseEnd)) - since,
    apiStart: Math.min(...api.map((entry) => entry.startTime)) - since,
    apiEnd: Math.max(...api.map((entry) => entry.responseEnd)) - since,
  };
}

/** Milliseconds from asking for `path` to its first rows: typed into a new tab, or pushed from the home. */
async function listRows(
  context: BrowserContext,
  origin: string,
  path: string,
  inApp: boolean,
): Promise<ListTimes> {
  const tab = await context.newPage();
  let startedAt = 0;
  if (inApp) {
    await tab.goto(`${origin}/cmp-app/${TENANT}`);
    await tab.locator('.ant-statistic').first().waitFor({ timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    // The user's reading time, not a wait for a state: see --dwell.
    if (dwellMs > 0) await tab.waitForTimeout(dwellMs);
    // The router follows popstate as it follows its own links: the screen's chunk and rows load from here.
    startedAt = Number(
      await tab.evaluate(`(() => {
        window.history.pushState({ usr: null, key: 'bench', idx: 1 }, '', ${JSON.stringify(path)});
        const at = performance.now();
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        return at;
      })()`),
    );
  } else {
    await tab.goto(origin + path);
  }
  await tab.waitForFunction(rowsShown, undefined, { timeout: 30_000, polling: 'raf' });
  const rowsAt = await tab.evaluate(() => performance.now());
  const fetched = await tab.evaluate(fetchedSince, startedAt);
  await tab.close();
  return {
    rowsMs: rowsAt - startedAt,
    codeMs: fetched.code,
    apiStartMs: fetched.apiStart,
    apiEndMs: fetched.apiEnd,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`no web build in ${webDist}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-bench-first-load-'));
  const { origin, child } = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const { storageState, station, roadBook, shareUrl } = await prepare(browser, origin);
    const base = `/cmp-app/${TENANT}`;
    const pages: Page[] = [
      { name: 'sign-in', path: '/cmp-app/sign-in', ready: 'button[type=submit]', signedIn: false },
      // A user of one tenant goes on to its home: either way a card shows.
      { name: 'tenant chooser', path: '/cmp-app', ready: '.ant-card', signedIn: true },
      { name: 'tenant home', path: base, ready: '.ant-statistic', signedIn: true, framed: true },
      {
        name: 'operations list',
        path: `${base}/resources`,
        ready: '.ant-table-row',
        signedIn: true,
        framed: true,
      },
      {
        name: 'charging station detail',
        path: `${base}/resources/charge-station?resourceId=${encodeURIComponent(station)}`,
        ready: '.ant-tabs-tab-active',
        signedIn: true,
        framed: true,
      },
      {
        name: 'road-book editor',
        path: `${base}/route-planning?roadBookId=${roadBook}`,
        ready: '.leaflet-overlay-pane path',
        signedIn: true,
        framed: true,
      },
      { name: 'mobile road book', path: shareUrl, ready: '.leaflet-overlay-pane path', signedIn: false },
    ];
    console.log(
      `web client ${webDist}, server ${serverRoot}, median of ${runs} runs, cold cache each, lists opened ${dwellMs} ms after the home is idle`,
    );
    console.log('page                       files   web KB   API KB   first paint ms   frame ms   ready ms');
    for (const page of only.length === 0 ? pages : []) {
      const samples: Sample[] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 1440, height: 900 },
          locale: 'zh-CN',
          ...(page.signedIn ? { storageState } : {}),
        });
        samples.push(await measure(context, origin, page));
        await context.close();
      }
      const pick = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
      console.log(
        [
          page.name.padEnd(24),
          String(pick('webFiles')).padStart(7),
          (pick('webBytes') / 1024).toFixed(0).padStart(8),
          (pick('apiBytes') / 1024).toFixed(0).padStart(8),
          pick('firstPaintMs').toFixed(0).padStart(16),
          (page.framed ? pick('frameMs').toFixed(0) : '-').padStart(10),
          pick('readyMs').toFixed(0).padStart(10),
        ].join(' '),
      );
    }
    const admin = await signedInContext(browser, origin, 'nio-admin');
    const adminState = await admin.storageState();
    await admin.close();
    console.log(
      '\nlist                     typed in (cold) ms   from the portal ms   of which: code ms   API out ms   API in ms',
    );
    for (const area of LIST_AREAS.filter((listed) => only.length === 0 || only.includes(listed.key))) {
      const path = `/cmp-app/${TENANT}/${area.path}`;
      const cold: ListTimes[] = [];
      const inApp: ListTimes[] = [];
      for (let run = 0; run < runs; run += 1) {
        for (const fromPortal of portalOnly ? [true] : [false, true]) {
          const context = await browser.newContext({
            viewport: { width: 1440, height: 900 },
            locale: 'zh-CN',
            storageState: adminState,
          });
          (fromPortal ? inApp : cold).push(await listRows(context, origin, path, fromPortal));
          await context.close();
        }
      }
      const pick = (times: ListTimes[], key: keyof ListTimes) => median(times.map((time) => time[key]));
      console.log(
        [
          area.key.padEnd(24),
          (portalOnly ? '-' : pick(cold, 'rowsMs').toFixed(0)).padStart(20),
          pick(inApp, 'rowsMs').toFixed(0).padStart(20),
          pick(inApp, 'codeMs').toFixed(0).padStart(19),
          pick(inApp, 'apiStartMs').toFixed(0).padStart(12),
          pick(inApp, 'apiEndMs').toFixed(0).padStart(11),
        ].join(' '),
      );
    }
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
