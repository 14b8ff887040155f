import { apiErrorSchema, buildPath, errorCodeForStatus, type Endpoint } from '@tours/domain/contracts/common';
import type { z } from 'zod/mini';
import { ApiRequestError, CLIENT_ERROR_CODES } from '../../lib/api-error.ts';
import { config } from '../../lib/config.ts';
import { currentStaffToken } from './staff-session.ts';

/**
 * The console's one way to call the API, by contract as the site's
 * callApi: input checked with the contract's schemas before sending, the
 * answer parsed with its response schema. Staff calls carry the staff
 * session's token; the sign-in steps carry the identity provider's access
 * token they are given. A staff call answered 401 means the session has
 * ended (idle, 12 hours, signed out elsewhere, deactivated): the console is
 * told (onSessionEnded) and returns to the sign-in, keeping the page.
 */

type SchemaOf<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodMiniType ? NonNullable<S> : undefined;
type Part<S, Key extends string> = SchemaOf<S> extends infer T extends z.ZodMiniType ? { [K in Key]: z.input<T> } : { [K in Key]?: undefined };

export type StaffCallInput<E extends Endpoint> = Part<E['params'], 'params'> &
  Part<E['query'], 'query'> &
  Part<E['body'], 'body'> & {
    /** The identity provider's access token, for the sign-in steps (auth 'customer'). */
    providerToken?: string;
    /** The version a change was made from (the answer's ETag): a stale one is refused with 412. */
    ifMatch?: string | null;
    signal?: AbortSignal;
  };

export interface StaffAnswer<E extends Endpoint> {
  /** The answer as its contract parsed it (`{ data }` for most calls). */
  body: z.output<E['response']>;
  /** The answer's ETag, for the next change's If-Match. */
  etag: string | null;
}

let sessionEnded: () => void = () => undefined;
/** What the console does when a staff call finds its session ended (console/app sets it). */
export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

export async function staffCall<E extends Endpoint>(endpoint: E, input: StaffCallInput<E>): Promise<StaffAnswer<E>> {
  const loose = input as { params?: Record<string, string | number>; query?: unknown; body?: unknown; providerToken?: string; ifMatch?: string | null; signal?: AbortSignal };
  const headers: Record<string, string> = { Accept: 'application/json' };
  const bearer = endpoint.auth === 'staff' ? currentStaffToken() : (loose.providerToken ?? null);
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (loose.ifMatch) headers['If-Match'] = loose.ifMatch;
  let body: string | undefined;
  if (endpoint.body) {
    body = JSON.stringify(checked(endpoint.body, loose.body ?? {}));
    headers['Content-Type'] = 'application/json';
  }
  const url = config.apiBasePath + buildPath(endpoint.path, loose.params) + queryString(endpoint, loose.query);

  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, signal: loose.signal, credentials: 'same-origin', cache: 'no-store' });
  } catch (cause) {
    if (loose.signal?.aborted) throw cause;
    throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached. Please check your connection and try again.' });
  }
  const text = await response.text().catch(() => '');
  let json: unknown = undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = text;
  }
  if (!response.ok) {
    if (response.status === 401 && endpoint.auth === 'staff') sessionEnded();
    // The server's refusals say what to do and, when rate limited, when to try again: shown as they are.
    const parsed = apiErrorSchema.safeParse(json);
    throw parsed.success
      ? new ApiRequestError({ status: response.status, ...parsed.data.error })
      : new ApiRequestError({ status: response.status, code: errorCodeForStatus(response.status), message: `The request failed (HTTP ${response.status}). Please try again.` });
  }
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    console.error(`Response of ${endpoint.method} ${endpoint.path} broke its contract`, parsed.error.issues);
    throw new ApiRequestError({ status: response.status, code: CLIENT_ERROR_CODES.invalidResponse, message: 'The server answered something unexpected. Please try again.' });
  }
  return { body: parsed.data as z.output<E['response']>, etag: response.headers.get('ETag') };
}

function checked(schema: z.ZodMiniType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.invalidRequest, message: 'Please correct the fields shown.', fields });
}

function queryString(endpoint: Endpoint, query: unknown): string {
  if (!endpoint.query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((checked(endpoint.query, query ?? {}) ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface StaffFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), or `fallback`. */
  fileName: string;
}

/**
 * A file a staff call answers (a CSV, a PDF), fetched with the staff
 * session's bearer token, which a plain link cannot send. Refusals are
 * thrown as staffCall throws them.
 */
export async function staffFile<E extends Endpoint>(endpoint: E, input: StaffCallInput<E>, fallback: string): Promise<StaffFile> {
  const loose = input as { params?: Record<string, string | number>; query?: unknown; signal?: AbortSignal };
  const headers: Record<string, string> = {};
  const bearer = currentStaffToken();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const url = config.apiBasePath + buildPath(endpoint.path, loose.params) + queryString(endpoint, loose.query);
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', headers, signal: loose.signal, credentials: 'same-origin', cache: 'no-store' });
  } catch (cause) {
    if (loose.signal?.aborted) throw cause;
    throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached. Please check your connection and try again.' });
  }
  if (!response.ok) {
    if (response.status === 401) sessionEnded();
    const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
    throw parsed.success
      ? new ApiRequestError({ status: response.status, ...parsed.data.error })
      : new ApiRequestError({ status: response.status, code: errorCodeForStatus(response.status), message: `The request failed (HTTP ${response.status}). Please try again.` });
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return { blob: await response.blob(), fileName: named?.[1] ?? fallback };
}

/** Hands a fetched file to the browser as a download. */
export function saveFile({ blob, fileName }: StaffFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file by the next turn of the event loop.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
