import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { isTenant, TENANT_LABELS } from '@cmp/domain';
import { ROAD_BOOK_SHARE_PATH } from '@cmp/domain/road-books/share-path';
import { findArea, PORTAL_AREAS, isBuilt, type PortalArea } from './areas';
import type { CrumbHandle } from './layout/crumbs';
import { LEGACY_SCREENS } from './legacy-routes';
import { ERROR_PATH, PORTAL_BASE, SIGN_IN_PATH, SIGN_OUT_PATH } from './paths';
import { BootLoading } from './routes/BootLoading';
import { LegacyRedirect, MainRedirect } from './routes/Redirects';
import { SCREEN_LOADERS } from './screens';
import { i18n, loadAllNamespaces } from '../i18n';

// Every page is a route `lazy`: the entry holds only React, the router, i18n and the data cache, and the
// router loads the modules of all matched routes in parallel (the staff layout with antd, the session
// check, the area shell and the screen) instead of one after the other as nested React.lazy alone would.

/**
 * A route module's component, for `lazy`, with the texts it needs beyond the boot namespaces loaded in
 * parallel rather than when it first renders.
 */
const page =
  <K extends string>(
    load: () => Promise<Record<K, ComponentType>>,
    name: K,
    loadTexts: () => Promise<unknown> = async () => {},
  ) =>
  async () => {
    const [module] = await Promise.all([load(), loadTexts()]);
    return { Component: module[name] };
  };

// An error page is rare: its antd and message code are loaded only when one is shown.
const RouteError = lazy(() => import('./routes/RouteError'));

const tenantCrumbs: CrumbHandle = {
  crumbs: ({ params, pathname }) =>
    isTenant(params.tenant) ? [{ name: TENANT_LABELS[params.tenant], path: pathname }] : [],
};

const areaCrumbs = (area: PortalArea): CrumbHandle => ({
  crumbs: ({ pathname, t }) => [
    ...(area.group ? [{ name: t(`shell:group.${area.group}`) }] : []),
    { name: t(`shell:area.${area.key}`), path: pathname },
  ],
});

const areaRoutes: RouteObject[] = PORTAL_AREAS.filter(isBuilt).map((area) => {
  const load = SCREEN_LOADERS[area.key];
  if (!load) throw new Error(`no screen for the built area ${area.key}`);
  // The screen renders inside the layout's Suspense rather than as part of the route: the frame (header, menu,
  // breadcrumb) paints as soon as its own modules are in, and the screen, fetched at the same time by the
  // route's `lazy`, fills it when it arrives (a list screen's table kit is the largest download of a page).
  const Screen = lazy(load);
  return {
    ...(area.path === '' ? { index: true } : { path: area.path }),
    handle: areaCrumbs(area),
    lazy: async () => {
      // A failed download is reported by React.lazy's own call when the screen renders.
      load().catch(() => {});
      const { AreaScreen } = await import('./routes/AreaScreen');
      return { element: <AreaScreen area={area} Screen={Screen} /> };
    },
  };
});

const legacyRoutes: RouteObject[] = Object.entries(LEGACY_SCREENS).map(([path, areaKey]) => ({
  path,
  element: <LegacyRedirect areaKey={areaKey} />,
}));

/**
 * The spec's gift bag and award lists are sections of a lottery's page (docs/decisions.md "Awards and gift
 * bags"): their addresses open the lottery activities, where each lottery holds its own.
 */
const LOTTERIES = `../${findArea('activityList')!.path}?activityTypes=gift_bag_lottery_draw`;
const lotterySectionRoutes: RouteObject[] = ['gift-bags', 'awards'].map((path) => ({
  path,
  element: <Navigate to={LOTTERIES} replace />,
}));

const notFound = (): RouteObject => ({
  path: '*',
  lazy: page(() => import('./errors/NotFoundPage'), 'NotFoundPage'),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: (
      <Suspense fallback={<BootLoading />}>
        <RouteError />
      </Suspense>
    ),
    HydrateFallback: BootLoading,
    children: [
      { index: true, element: <Navigate to={PORTAL_BASE} replace /> },
      // The mobile view of a shared road book: end users open it from a share link, without a staff session
      // and outside the staff layout.
      {
        path: `${ROAD_BOOK_SHARE_PATH}/:token`,
        lazy: page(
          () => import('../features/route-planning-mobile/RoutePlanningMobilePage'),
          'default',
          () => i18n.loadNamespaces('roadBooks'),
        ),
      },
      {
        lazy: page(() => import('./routes/StaffLayout'), 'default'),
        children: [
          { path: SIGN_IN_PATH, lazy: page(() => import('./sign-in/SignInPage'), 'default') },
          { path: SIGN_OUT_PATH, lazy: page(() => import('./session/SignOutPage'), 'SignOutPage') },
          { path: ERROR_PATH, lazy: page(() => import('./errors/ErrorPage'), 'ErrorPage') },
          {
            // Signed-in screens use every namespace (labels of enumerations, the areas' texts): they start loading
            // with the session check, but only the screens that use them wait for them (useTranslation), not the
            // frame around them.
            lazy: page(
              () => import('./session/RequireSession'),
              'RequireSession',
              async () => void loadAllNamespaces(),
            ),
            children: [
              { path: PORTAL_BASE, lazy: page(() => import('./tenant/TenantChooser'), 'default') },
              {
                path: `${PORTAL_BASE}/:tenant`,
                handle: tenantCrumbs,
                lazy: page(() => import('./tenant/TenantArea'), 'default'),
                children: [...areaRoutes, ...lotterySectionRoutes, notFound()],
              },
              { path: '/index', element: <MainRedirect /> },
              { path: '/main', element: <MainRedirect /> },
              ...legacyRoutes,
            ],
          },
          notFound(),
        ],
      },
    ],
  },
];

export const createPortalRouter = () => createBrowserRouter(routes);
