import { loadDomainCatalog } from './domain-catalogs';
import type { Language } from './languages';
import { LANGUAGES } from './languages';

export const NAMESPACES = [
  'common',
  'shell',
  'errors',
  'admin',
  'components',
  'stations',
  'worksheets',
  'stationDetail',
  'roadBooks',
  'comments',
  'relations',
  'chargingPaths',
  'appClients',
  'invitations',
  'accounts',
  'reportedStations',
  'crowdsourcedStations',
  'crowdsourcedReview',
  'remoteOperations',
  'upgradePackages',
  'coupons',
  'activities',
  'rewards',
  'resourceTags',
  'settings',
  'operators',
  'cloudConfig',
  'shareTemplates',
  'groupChats',
  'pushMessages',
  'forum',
  'posters',
  'mall',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What every page needs before it can say anything: the shell (titles, sign-in, menu), the error texts and the
 * UI kit's words. They carry no enumeration labels, so the first page loads neither the domain's catalogue of
 * enumerations nor the schemas behind it.
 */
export const BOOT_NAMESPACES = ['shell', 'errors', 'components'] as const satisfies readonly Namespace[];

type Catalog = Record<string, unknown>;
type CatalogModule = Promise<{ default: Catalog }>;

// One chunk per language and namespace: a reader of Chinese never downloads the English texts, and the sign-in
// page loads only the boot namespaces.
const CATALOGS: Record<Language, Record<Namespace, () => CatalogModule>> = {
  'zh-CN': {
    common: () => import('./zh-CN/common'),
    shell: () => import('./zh-CN/shell'),
    errors: () => import('./zh-CN/errors'),
    admin: () => import('./zh-CN/admin'),
    components: () => import('../components/i18n/zh-CN'),
    stations: () => import('./zh-CN/stations'),
    worksheets: () => import('./zh-CN/worksheets'),
    stationDetail: () => import('./zh-CN/stationDetail'),
    roadBooks: () => import('./zh-CN/roadBooks'),
    comments: () => import('./zh-CN/comments'),
    relations: () => import('./zh-CN/relations'),
    chargingPaths: () => import('./zh-CN/chargingPaths'),
    appClients: () => import('./zh-CN/appClients'),
    invitations: () => import('./zh-CN/invitations'),
    accounts: () => import('./zh-CN/accounts'),
    reportedStations: () => import('./zh-CN/reportedStations'),
    crowdsourcedStations: () => import('./zh-CN/crowdsourcedStations'),
    crowdsourcedReview: () => import('./zh-CN/crowdsourcedReview'),
    remoteOperations: () => import('./zh-CN/remoteOperations'),
    upgradePackages: () => import('./zh-CN/upgradePackages'),
    coupons: () => import('./zh-CN/coupons'),
    activities: () => import('./zh-CN/activities'),
    rewards: () => import('./zh-CN/rewards'),
    resourceTags: () => import('./zh-CN/resourceTags'),
    settings: () => import('./zh-CN/settings'),
    operators: () => import('./zh-CN/operators'),
    cloudConfig: () => import('./zh-CN/cloudConfig'),
    shareTemplates: () => import('./zh-CN/shareTemplates'),
    groupChats: () => import('./zh-CN/groupChats'),
    pushMessages: () => import('./zh-CN/pushMessages'),
    forum: () => import('./zh-CN/forum'),
    posters: () => import('./zh-CN/posters'),
    mall: () => import('./zh-CN/mall'),
  },
  'en-US': {
    common: () => import('./en-US/common'),
    shell: () => import('./en-US/shell'),
    errors: () => import('./en-US/errors'),
    admin: () => import('./en-US/admin'),
    components: () => import('../components/i18n/en-US'),
    stations: () => import('./en-US/stations'),
    worksheets: () => import('./en-US/worksheets'),
    stationDetail: () => import('./en-US/stationDetail'),
    roadBooks: () => import('./en-US/roadBooks'),
    comments: () => import('./en-US/comments'),
    relations: () => import('./en-US/relations'),
    chargingPaths: () => import('./en-US/chargingPaths'),
    appClients: () => import('./en-US/appClients'),
    invitations: () => import('./en-US/invitations'),
    accounts: () => import('./en-US/accounts'),
    reportedStations: () => import('./en-US/reportedStations'),
    crowdsourcedStations: () => import('./en-US/crowdsourcedStations'),
    crowdsourcedReview: () => import('./en-US/crowdsourcedReview'),
    remoteOperations: () => import('./en-US/remoteOperations'),
    upgradePackages: () => import('./en-US/upgradePackages'),
    coupons: () => import('./en-US/coupons'),
    activities: () => import('./en-US/activities'),
    rewards: () => import('./en-US/rewards'),
    resourceTags: () => import('./en-US/resourceTags'),
    settings: () => import('./en-US/settings'),
    operators: () => import('./en-US/operators'),
    cloudConfig: () => import('./en-US/cloudConfig'),
    shareTemplates: () => import('./en-US/shareTemplates'),
    groupChats: () => import('./en-US/groupChats'),
    pushMessages: () => import('./en-US/pushMessages'),
    forum: () => import('./en-US/forum'),
    posters: () => import('./en-US/posters'),
    mall: () => import('./en-US/mall'),
  },
};

const isNamespace = (value: string): value is Namespace => (NAMESPACES as readonly string[]).includes(value);

/**
 * One namespace's texts in one language, once the domain's texts of that language are in too (they download
 * side by side): i18next switches language, and a screen leaves its Suspense, only when its namespaces have
 * loaded, so nothing formats a rule message or a label in a language whose domain texts are missing.
 */
export async function loadCatalog(language: Language, namespace: string): Promise<Catalog> {
  if (!isNamespace(namespace)) throw new Error(`unknown message namespace ${namespace}`);
  const [catalog] = await Promise.all([CATALOGS[language][namespace](), loadDomainCatalog(language)]);
  return catalog.default;
}

export type Resources = Record<Language, Record<Namespace, Catalog>>;

/** Every text of every language, for tests that compare the catalogs or build their own i18n instance. */
export async function loadAllResources(): Promise<Resources> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      const catalogs = await Promise.all(NAMESPACES.map((ns) => loadCatalog(language, ns)));
      return [language, Object.fromEntries(NAMESPACES.map((ns, i) => [ns, catalogs[i]]))] as const;
    }),
  );
  return Object.fromEntries(entries) as Resources;
}
