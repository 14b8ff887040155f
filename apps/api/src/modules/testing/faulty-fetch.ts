import type { ProviderFault } from '../../lib/fault-points.ts';

/**
 * fetch's shape, failing the calls a test armed the way a real provider or
 * network fails them, before they leave: a 503 from the provider, no answer
 * until the adapter's own timeout gives up (AbortSignal.timeout), or a
 * refused connection (undici's 'fetch failed' with ECONNREFUSED). Anything
 * not armed goes through untouched. Test-only: app.ts has the payment
 * gateway call the provider through it when TEST_FAULTS is on.
 */
export function faultyFetch(next: typeof fetch, take: () => ProviderFault | null): typeof fetch {
  return async (input, init) => {
    const failure = take();
    if (failure === null) return next(input, init);
    switch (failure) {
      case 'provider-5xx':
        return new Response(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The provider is unavailable (injected test fault).' } }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      case 'provider-timeout':
        return new Promise<Response>((_, reject) => {
          const signal = init?.signal;
          if (!signal) return reject(new Error('A provider timeout fault needs a call with a timeout'));
          if (signal.aborted) return reject(signal.reason as Error);
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        });
      case 'provider-refused':
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }) });
    }
  };
}
