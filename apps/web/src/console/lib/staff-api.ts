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
    /**
     * A staff write's Idempotency-Key (a UUID): one per attempt at an action,
     * sent again unchanged when that attempt is retried, so a retry after a
     * lost answer is answered with the first result instead of acting twice.
     */
    idempotencyKey?: string;
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

type LooseInput = { params?: Record<string, string | number>; query?: unknown; body?: unknown; providerToken?: string; ifMatch?: string | null; idempotencyKey?: string; signal?: AbortSignal };

/** Sends the call: its input checked, the bearer and headers it needs; a network failure is an ApiRequestError of status 0. */
async function send(endpoint: Endpoint, loose: LooseInput, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const bearer = endpoint.auth === 'staff' ? currentStaffToken() : (loose.providerToken ?? null);
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (loose.ifMatch) headers['If-Match'] = loose.ifMatch;
  if (loose.idempotencyKey) headers['Idempotency-Key'] = loose.idempotencyKey;
  let body: string | undefined;
  if (endpoint.body) {
    body = JSON.stringify(checked(endpoint.body, loose.body ?? {}));
    headers['Content-Type'] = 'application/json';
  }
  const url = config.apiBasePath + buildPath(endpoint.path, loose.params) + queryString(endpoint, loose.query);
  try {
    return await fetch(url, { method: endpoint.method, headers, body, signal: loose.signal, credentials: 'same-origin', cache: 'no-store' });
  } catch (cause) {
    if (loose.signal?.aborted) throw cause;
    throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached. Please check your connection and try again.' });
  }
}

/** A refusal as an ApiRequestError, in the server's words; a 401 on a staff call ends the session first. */
function refusal(endpoint: Endpoint, response: Response, json: unknown): ApiRequestError {
  if (response.status === 401 && endpoint.auth === 'staff') sessionEnded();
  // The server's refusals say what to do and, when rate limited, when to try again: shown as they are.
  const parsed = apiErrorSchema.safeParse(json);
  return parsed.success
    ? new ApiRequestError({ status: response.status, ...parsed.data.error })
    : new ApiRequestError({ status: response.status, code: errorCodeForStatus(response.status), message: `The request failed (HTTP ${response.status}). Please try again.` });
}

const parseJson = (text: string): unknown => {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
};

export async function staffCall<E extends Endpoint>(endpoint: E, input: StaffCallInput<E>): Promise<StaffAnswer<E>> {
  const response = await send(endpoint, input as LooseInput, 'application/json');
  const text = await response.text().catch(() => '');
  const json = parseJson(text);
  if (!response.ok) throw refusal(endpoint, response, json);
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    console.error(`Response of ${endpoint.method} ${endpoint.path} broke its contract`, parsed.error.issues);
    throw new ApiRequestError({ status: response.status, code: CLIENT_ERROR_CODES.invalidResponse, message: 'The server answered something unexpected. Please try again.' });
  }
  return { body: parsed.data as z.output<E['response']>, etag: response.headers.get('ETag') };
}

/** A file the API answers (a CSV, a PDF), with the name its Content-Disposition gives. */
export interface StaffFile {
  blob: Blob;
  filename: string | null;
}

/**
 * A staff file call (responseType 'file' or 'text'): the same checks and
 * bearer as staffCall, the answer kept as a Blob. A link cannot carry the
 * session's bearer header, so the console downloads with fetch and hands
 * the browser the Blob.
 */
export async function staffFile<E extends Endpoint>(endpoint: E, input: StaffCallInput<E>): Promise<StaffFile> {
  const response = await send(endpoint, input as LooseInput, '*/*');
  if (!response.ok) throw refusal(endpoint, response, parseJson(await response.text().catch(() => '')));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

function checked(schema: z.ZodMiniType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.invalidRequest, message: 'Please correct the fields shown.', fields });
}

/**
 * The query as typed, once the contract's schema has accepted it: the API
 * parses it with the same schema, and a schema's output is not always
 * something a URL can carry back (a comma-separated list of statuses
 * becomes an array, which would go as the parameter repeated).
 */
function queryString(endpoint: Endpoint, query: unknown): string {
  if (!endpoint.query) return '';
  checked(endpoint.query, query ?? {});
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** How far an upload has gone: bytes sent of the total, or 'processing' once the file is sent and the server is working on it. */
export type UploadProgress = { sent: number; total: number } | 'processing';

/**
 * A staff call that sends a file (a tour picture): the form as
 * multipart/form-data, with the same bearer and refusals as staffCall, and
 * the upload's progress, which fetch cannot report, through
 * XMLHttpRequest. The form's fields are the contract's; the API checks them
 * (and the file's bytes) itself.
 */
export function staffUpload<E extends Endpoint>(
  endpoint: E,
  input: { params?: Record<string, string | number>; form: FormData; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<StaffAnswer<E>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, config.apiBasePath + buildPath(endpoint.path, input.params));
    request.setRequestHeader('Accept', 'application/json');
    const bearer = currentStaffToken();
    if (bearer) request.setRequestHeader('Authorization', `Bearer ${bearer}`);
    request.upload.onprogress = (event) => input.onProgress?.(event.loaded >= event.total && event.lengthComputable ? 'processing' : { sent: event.loaded, total: event.total });
    request.upload.onload = () => input.onProgress?.('processing');
    request.onerror = () =>
      reject(new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached. Please check your connection and try again.' }));
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    request.onload = () => {
      const json = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) return reject(refusal(endpoint, { status: request.status } as Response, json));
      const parsed = endpoint.response.safeParse(json);
      if (!parsed.success) {
        return reject(new ApiRequestError({ status: request.status, code: CLIENT_ERROR_CODES.invalidResponse, message: 'The server answered something unexpected. Please try again.' }));
      }
      resolve({ body: parsed.data as z.output<E['response']>, etag: request.getResponseHeader('ETag') });
    };
    input.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(input.form);
  });
}
