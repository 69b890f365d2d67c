import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { APP_ROUTES, matchAppRoute, type AppRouteId } from '@plainspoken/shared';
import { lazyPage, type LazyPage } from './lazy-page';
import { RootLayout } from './root-layout';
import { routeModules } from './route-modules';
import { NotFoundRoute } from './routes/not-found';

// The declarative router: the app uses no loaders or actions, and the data router would add ~15 KB gzip
// to every page's first load (docs/decisions: route list and first load).
const pages = Object.fromEntries(Object.entries(routeModules).map(([id, load]) => [id, lazyPage(load)])) as Record<
  AppRouteId,
  LazyPage
>;

/** Loads the module of the page at `pathname` (nothing for the not-found page). */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = matchAppRoute(pathname);
  return route ? pages[route.id].preload() : Promise.resolve();
}

// The route list as objects (useRoutes), not <Routes> children, which React Router would read with
// createRoutesFromChildren on every render (code every page would load).
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...APP_ROUTES.map((r) => {
        const { Page } = pages[r.id];
        return { path: r.path, element: <Page /> };
      }),
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

export function Router() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
