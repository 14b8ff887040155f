import type { z } from 'zod';

export interface JsonRequest<T> {
  fetch: typeof fetch;
  url: URL;
  timeoutMs: number;
  schema: z.ZodType<T>;
  /** The service as messages name it: 'Postcode lookup'. */
  service: string;
  /** The adapter's own error, so its callers tell a service that is down from a bug. */
  unavailable: (message: string) => Error;
  /** What a 404 means when it is an answer rather than a failure (a postcode with no addresses). */
  notFound?: T;
}

/**
 * GETs a third party's JSON answer within a time limit. Whatever goes wrong
 * (no answer, an error status, a shape we do not know) is the adapter's
 * 'unavailable' error with a message saying which.
 */
export async function getJson<T>(request: JsonRequest<T>): Promise<T> {
  const { service, unavailable } = request;
  let response: Response;
  try {
    response = await request.fetch(request.url, { signal: AbortSignal.timeout(request.timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    throw unavailable(`${service} did not answer: ${(error as Error).message}`);
  }
  if (response.status === 404 && request.notFound !== undefined) return request.notFound;
  if (!response.ok) throw unavailable(`${service} answered ${response.status}`);
  const parsed = request.schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw unavailable(`${service} answered in an unknown shape`);
  return parsed.data;
}
