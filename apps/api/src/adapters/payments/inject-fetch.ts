import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * fetch's shape over `app.inject`: the request goes through the app's whole
 * HTTP handling (routing, hooks, validation, serialisation) without a socket.
 * The in-process sandbox uses it, so the API never depends on reaching its
 * own PUBLIC_URL (a proxy's address, Vite's in development, nothing in tests).
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body ? await request.text() : undefined;
    // inject has no abort; a timed-out caller stops waiting and the answer is dropped.
    const pending = app.inject({
      method: request.method as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
    const signal = init?.signal;
    const response = await (signal
      ? Promise.race([
          pending,
          new Promise<never>((_, reject) => {
            if (signal.aborted) reject(signal.reason as Error);
            signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          }),
        ])
      : pending);
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers: answerHeaders });
  };
}
