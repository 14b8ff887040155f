import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { RootErrorBoundary } from './error-boundary.tsx';
import { RequireAccount } from './layout/require-account.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { loadedPage, loadPage, PAGE_NAMES, PAGES, type PageFrame, type PageName } from './page-modules.ts';

/**
 * Every route of the route table (page-modules.ts), in React Router's
 * declarative mode: the data router (loaders, actions, its own error
 * elements and scroll restoration) is twice the size and the site uses none
 * of it (issue 15's page weight). Every page is its own chunk, so a visitor
 * downloads the shell (header, footer, providers, the router) and the page
 * in front of them, not the booking forms or the account area; the layout
 * says "Loading the page…" while a page's chunk arrives
 * (layout/root-layout.tsx) and catches a page that fails, a chunk lost after
 * a release included (error-boundary.tsx).
 */

/**
 * Each page loaded on demand, from the loader the route table keeps for it. A
 * page whose chunk has already arrived (the first page, requested before
 * React) is handed to React.lazy as a thenable that answers at once, so its
 * route renders it without suspending: no 'Loading the page…' flash on a
 * cold load, after the provider's logout included (issue 24).
 */
function loadModule(name: PageName): Promise<{ default: ComponentType }> {
  const loaded = loadedPage(name);
  if (loaded) {
    const ready = { then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: loaded }) };
    // React.lazy accepts any thenable; its type asks for a Promise.
    return ready as unknown as Promise<{ default: ComponentType }>;
  }
  return loadPage(name).then((Page) => ({ default: Page }));
}

const pages = Object.fromEntries(PAGE_NAMES.map((name) => [name, lazy<ComponentType>(() => loadModule(name))])) as Record<
  PageName,
  LazyExoticComponent<ComponentType>
>;

const routesIn = (frame: PageFrame) =>
  PAGE_NAMES.filter((name) => PAGES[name].frame === frame).map((name) => {
    const Page = pages[name];
    // Outside the layout nothing else shows while the chunk arrives; inside, the layout says it is loading.
    const element =
      frame === 'bare' ? (
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      ) : (
        <Page />
      );
    return <Route key={name} path={PAGES[name].path} element={element} />;
  });

export function AppRoutes() {
  return (
    <Routes>
      {routesIn('bare')}
      <Route
        element={
          <RootErrorBoundary>
            <RootLayout />
          </RootErrorBoundary>
        }
      >
        {routesIn('site')}
        <Route element={<RequireAccount />}>{routesIn('account')}</Route>
      </Route>
    </Routes>
  );
}
