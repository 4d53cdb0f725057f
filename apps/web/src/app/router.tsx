import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { isTenant, TENANT_LABELS } from '@cmp/domain';
import { ROAD_BOOK_SHARE_PATH } from '@cmp/domain/road-books/road-book';
import { PORTAL_AREAS, isBuilt, type PortalArea } from './areas';
import { ErrorPage } from './errors/ErrorPage';
import { NotFoundPage } from './errors/NotFoundPage';
import { PageLoading } from './errors/PageLoading';
import { RouteErrorPage } from './errors/RouteErrorPage';
import type { CrumbHandle } from './layout/crumbs';
import { LEGACY_SCREENS } from './legacy-routes';
import { ERROR_PATH, PORTAL_BASE, SIGN_IN_PATH, SIGN_OUT_PATH } from './paths';
import { AreaScreen } from './routes/AreaScreen';
import { LegacyRedirect, MainRedirect } from './routes/Redirects';
import { RequireSession } from './session/RequireSession';
import { SignOutPage } from './session/SignOutPage';

const SignInPage = lazy(() => import('./sign-in/SignInPage'));
const TenantChooser = lazy(() => import('./tenant/TenantChooser'));
// The shell of the tenant areas (menu, header, breadcrumb) is left out of the first download: the sign-in page
// does not need it.
const TenantArea = lazy(() => import('./tenant/TenantArea'));
// The mobile view of a shared road book: end users open it from a share link, without a staff session.
const RoutePlanningMobilePage = lazy(
  () => import('../features/route-planning-mobile/RoutePlanningMobilePage'),
);

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

const areaRoutes: RouteObject[] = PORTAL_AREAS.filter(isBuilt).map((area) => ({
  ...(area.path === '' ? { index: true } : { path: area.path }),
  handle: areaCrumbs(area),
  element: <AreaScreen area={area} />,
}));

const legacyRoutes: RouteObject[] = Object.entries(LEGACY_SCREENS).map(([path, areaKey]) => ({
  path,
  element: <LegacyRedirect areaKey={areaKey} />,
}));

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    element: (
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      { index: true, element: <Navigate to={PORTAL_BASE} replace /> },
      { path: SIGN_IN_PATH, element: <SignInPage /> },
      { path: SIGN_OUT_PATH, element: <SignOutPage /> },
      { path: ERROR_PATH, element: <ErrorPage /> },
      { path: `${ROAD_BOOK_SHARE_PATH}/:token`, element: <RoutePlanningMobilePage /> },
      {
        element: <RequireSession />,
        children: [
          { path: PORTAL_BASE, element: <TenantChooser /> },
          {
            path: `${PORTAL_BASE}/:tenant`,
            handle: tenantCrumbs,
            element: <TenantArea />,
            children: [...areaRoutes, { path: '*', element: <NotFoundPage /> }],
          },
          { path: '/index', element: <MainRedirect /> },
          { path: '/main', element: <MainRedirect /> },
          ...legacyRoutes,
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createPortalRouter = () => createBrowserRouter(routes);
