import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

// The route modules react-router loads for each page (app/router.tsx), on top of the entry.
const STAFF = 'src/app/routes/StaffLayout.tsx';
const SESSION = 'src/app/session/RequireSession.tsx';
const AREA = ['src/app/tenant/TenantArea.tsx', 'src/app/routes/AreaScreen.tsx'];

// The texts a page loads in Chinese, the default language (app/router.tsx, i18n/resources.ts): the boot
// namespaces and the domain's texts (rule messages, labels: main.tsx waits for them) everywhere, the road
// books' on the mobile page, every namespace in the signed-in staff area.
const texts = (...namespaces: string[]) =>
  namespaces.map((ns) => (ns === 'components' ? 'src/components/i18n/zh-CN.ts' : `src/i18n/zh-CN/${ns}.ts`));
const BOOT_TEXTS = ['src/i18n/domain/zh-CN.ts', ...texts('shell', 'errors', 'components')];
const MOBILE_TEXTS = [...BOOT_TEXTS, ...texts('roadBooks')];
const STAFF_TEXTS = [
  ...BOOT_TEXTS,
  ...texts('common', 'admin', 'stations', 'worksheets', 'stationDetail', 'roadBooks'),
];

export const PAGES = {
  share: { label: 'H5 share page', entry: 'share.html', modules: [] },
  signIn: { label: 'sign-in', modules: [STAFF, 'src/app/sign-in/SignInPage.tsx', ...BOOT_TEXTS] },
  mobile: {
    label: 'mobile road book, stops list',
    modules: ['src/features/route-planning-mobile/RoutePlanningMobilePage.tsx', ...MOBILE_TEXTS],
  },
  mobileWithMap: {
    label: 'mobile road book, with its map',
    modules: [
      'src/features/route-planning-mobile/RoutePlanningMobilePage.tsx',
      'src/features/road-books/shared/RouteMap.tsx',
      ...MOBILE_TEXTS,
    ],
  },
  chooser: {
    label: 'tenant chooser',
    modules: [STAFF, SESSION, 'src/app/tenant/TenantChooser.tsx', ...STAFF_TEXTS],
  },
  home: {
    label: 'tenant home',
    modules: [STAFF, SESSION, ...AREA, 'src/app/home/HomePage.tsx', ...STAFF_TEXTS],
  },
  operationsList: {
    label: 'operations list',
    modules: [STAFF, SESSION, ...AREA, 'src/features/stations/list/OperationListPage.tsx', ...STAFF_TEXTS],
  },
  stationDetail: {
    label: 'charging station detail',
    modules: [
      STAFF,
      SESSION,
      ...AREA,
      'src/features/stations/detail/ChargeStationDetailPage.tsx',
      ...STAFF_TEXTS,
    ],
  },
  roadBookEditor: {
    label: 'road-book editor',
    modules: [
      STAFF,
      SESSION,
      ...AREA,
      'src/features/road-books/editor/RoadBookEditorPage.tsx',
      ...STAFF_TEXTS,
    ],
  },
} as const;
export type PageName = keyof typeof PAGES;

export interface PageWeight {
  /** index.html and every script and stylesheet the page loads, in load order of discovery. */
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeOf = (file: string): number => fs.statSync(file).size;
/** The precompressed variant's size, or the file's own when the build wrote none (too small to gain). */
const variantSize = (file: string, extension: '.br' | '.gz'): number =>
  fs.existsSync(file + extension) ? sizeOf(file + extension) : sizeOf(file);

export function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * What a first visit to `page` downloads from a build: its HTML entry (index.html unless it names another) and the page's route modules with
 * every chunk they import statically, and their stylesheets, in bytes as served (brotli and gzip files).
 * Chunks a page imports dynamically load later or never, and are not counted.
 */
export function pageWeight(dist: string, page: PageName, manifest = readManifest(dist)): PageWeight {
  // The portal's pages start from index.html; a page built as a bundle of its own names its HTML entry.
  const spec: { entry?: string; modules: readonly string[] } = PAGES[page];
  const entry = spec.entry ?? 'index.html';
  if (!manifest[entry]?.isEntry) throw new Error(`the manifest names no entry ${entry}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build (renamed or no longer a chunk of its own?)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...spec.modules]) visit(key);

  const files = [
    entry,
    ...new Set([...seen].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])])),
  ];
  const paths = files.map((file) => path.join(dist, file));
  const sum = (size: (file: string) => number) => paths.reduce((total, file) => total + size(file), 0);
  return {
    files,
    raw: sum(sizeOf),
    gzip: sum((file) => variantSize(file, '.gz')),
    brotli: sum((file) => variantSize(file, '.br')),
  };
}
