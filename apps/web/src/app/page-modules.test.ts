import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMES, PAGES, pageFor } from './page-modules.ts';

/** React Router's own matching over the route table's paths, which <AppRoutes> registers (routes.tsx). */
const routerPage = (path: string) => matchRoutes(PAGE_NAMES.map((name) => ({ id: name, path: PAGES[name].path })), path)?.[0]?.route.id;

describe('the route table', () => {
  it.each([
    '/',
    '/tours',
    '/tours/',
    '/tours/MHW-VIE',
    '/tours/MHW-VIE/more',
    '/book',
    '/booking-confirmation',
    '/register',
    '/terms',
    '/auth/callback',
    '/auth/silent-renew',
    '/account',
    '/account/booking/812',
    '/account/booking',
    '/no/such/page',
  ])('sends a first load of %s to the page React Router shows', (path) => {
    expect(pageFor(path)).toBe(routerPage(path));
  });

  it('names each path once', () => {
    const paths = PAGE_NAMES.map((name) => PAGES[name].path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
