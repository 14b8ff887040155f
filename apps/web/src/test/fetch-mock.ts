import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces global fetch for one test (vite.config unstubs globals afterwards). */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Routes by path prefix; anything unlisted is a 404 in the API's envelope. */
export function mockRoutes(routes: Record<string, () => Response | Promise<Response>>) {
  return mockFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    const match = Object.keys(routes).find((prefix) => path === prefix || path.startsWith(`${prefix}?`));
    return match ? routes[match]!() : jsonResponse({ error: { code: 'NOT_FOUND', message: `No mock for ${path}` } }, 404);
  });
}
