import { apiErrorSchema, buildPath, errorCodeForStatus, type Endpoint } from '@tours/domain/contracts/common';
import type { z } from 'zod/mini';
import { ApiRequestError, CLIENT_ERROR_CODES, reportApiError, type OnApiError } from './api-error.ts';
import { currentAccessToken } from './auth/account-session.ts';
import { config } from './config.ts';

/**
 * The only way the web app calls the API. Each call is described by its
 * domain contract (ADR 0001): the input is checked with the contract's
 * schemas before sending, and the answer is parsed with its response schema,
 * so a contract change fails here loudly rather than deep in a component.
 */
type SchemaOf<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodMiniType ? NonNullable<S> : undefined;

/** Path parameters may be absent at run time (a booking not loaded yet): that is the spec's required-parameter error. */
type ParamValues<S extends z.ZodMiniType> = { [K in keyof z.input<S>]: z.input<S>[K] | null | undefined };

type ParamsPart<E extends Endpoint> =
  SchemaOf<E['params']> extends infer S extends z.ZodMiniType ? { params: ParamValues<S> } : { params?: undefined };
type QueryPart<E extends Endpoint> =
  SchemaOf<E['query']> extends infer S extends z.ZodMiniType ? { query: z.input<S> } : { query?: undefined };
type BodyPart<E extends Endpoint> =
  SchemaOf<E['body']> extends infer S extends z.ZodMiniType ? { body: z.input<S> } : { body?: undefined };

export interface CallOptions {
  /**
   * The call's own token: the booking token on booking calls, or a customer
   * access token not yet in the account session (the sign-in's profile call).
   * The signed-in customer's token is added by itself (see authorizationHeaders).
   */
  token?: string | null;
  /** TanStack Query passes one to cancel superseded requests; a cancelled call raises no alert. */
  signal?: AbortSignal;
  /** How a failure is reported; the general-failure toast by default. */
  onError?: OnApiError;
}

export type CallInput<E extends Endpoint> = ParamsPart<E> & QueryPart<E> & BodyPart<E> & CallOptions;

type NeedsInput<E extends Endpoint> = [SchemaOf<E['params']> | SchemaOf<E['query']> | SchemaOf<E['body']>] extends [undefined]
  ? false
  : true;
type CallArgs<E extends Endpoint> = NeedsInput<E> extends true ? [input: CallInput<E>] : [input?: CallInput<E>];

export type ApiResponse<E extends Endpoint> = z.output<E['response']>;

interface LooseInput extends CallOptions {
  params?: Record<string, string | number | null | undefined>;
  query?: unknown;
  body?: unknown;
}

export async function callApi<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ApiResponse<E>> {
  const options = (input ?? {}) as LooseInput;
  try {
    return (await send(endpoint, options)) as ApiResponse<E>;
  } catch (caught) {
    if (options.signal?.aborted) throw caught;
    const error = caught instanceof ApiRequestError ? caught : unexpected(caught);
    reportApiError(error, options.onError);
    throw error;
  }
}

async function send(endpoint: Endpoint, options: LooseInput): Promise<unknown> {
  const url = config.apiBasePath + pathOf(endpoint, options.params) + queryStringOf(endpoint, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  Object.assign(headers, authorizationHeaders(endpoint, options.token));

  let body: string | undefined;
  if (endpoint.body) {
    body = JSON.stringify(checkInput(endpoint.body, options.body, 'body'));
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, signal: options.signal, credentials: 'same-origin' });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.network, message: `Could not reach ${endpoint.method} ${endpoint.path}` });
  }

  const json = await readJson(response);
  if (!response.ok) throw failureOf(response.status, json, retryAfterOf(response.headers.get('Retry-After')));

  const parsed = endpoint.response.safeParse(json.value);
  if (!parsed.success) {
    // Logged in full for developers; the visitor only ever sees the general toast.
    console.error(`Response of ${endpoint.method} ${endpoint.path} broke its contract`, parsed.error.issues);
    throw new ApiRequestError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: `Unexpected response from ${endpoint.method} ${endpoint.path}`,
      fields: fieldsOf(parsed.error.issues),
    });
  }
  return parsed.data;
}

/** The header that names the booking when Authorization carries the customer's token (docs/decisions/0011). */
export const BOOKING_TOKEN_HEADER = 'X-Booking-Token';

/**
 * Spec section 7: every product call sends a bearer token when one exists.
 * Signed in, Authorization carries the customer's access token (so a booking
 * started then is theirs), and booking calls name their booking in
 * X-Booking-Token; signed out, the booking token goes in Authorization.
 */
export function authorizationHeaders(endpoint: Pick<Endpoint, 'auth'>, token: string | null | undefined): Record<string, string> {
  const customerToken = currentAccessToken();
  const bearer = (value: string | null | undefined): Record<string, string> => (value ? { Authorization: `Bearer ${value}` } : {});
  if (endpoint.auth === 'booking') {
    if (!customerToken) return bearer(token);
    return { ...bearer(customerToken), ...(token ? { [BOOKING_TOKEN_HEADER]: token } : {}) };
  }
  // A customer call's own token is the newer one (the profile call of a sign-in under way).
  if (endpoint.auth === 'customer') return bearer(token ?? customerToken);
  return bearer(customerToken ?? token);
}

function pathOf(endpoint: Endpoint, params: LooseInput['params']): string {
  const present = Object.fromEntries(
    Object.entries(params ?? {}).filter((entry): entry is [string, string | number] => entry[1] != null),
  );
  try {
    return buildPath(endpoint.path, present);
  } catch (cause) {
    throw new ApiRequestError({
      status: 0,
      code: CLIENT_ERROR_CODES.requiredParameter,
      message: cause instanceof Error ? cause.message : `Required parameter missing for ${endpoint.path}`,
    });
  }
}

function queryStringOf(endpoint: Endpoint, query: unknown): string {
  if (!endpoint.query) return '';
  const values = checkInput(endpoint.query, query ?? {}, 'query');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Refusing bad input before sending saves a round trip; the server checks again with the same schema. */
function checkInput(schema: z.ZodMiniType, value: unknown, part: 'query' | 'body'): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiRequestError({
    status: 0,
    code: CLIENT_ERROR_CODES.invalidRequest,
    message: `Invalid request ${part}`,
    fields: fieldsOf(parsed.error.issues),
  });
}

async function readJson(response: Response): Promise<{ value: unknown; ok: boolean }> {
  const text = await response.text().catch(() => '');
  if (text === '') return { value: undefined, ok: true };
  try {
    return { value: JSON.parse(text) as unknown, ok: true };
  } catch {
    return { value: text, ok: false };
  }
}

function failureOf(status: number, json: { value: unknown }, retryAfterSeconds: number | null): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(json.value);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiRequestError({ status, code, message, fields, retryAfterSeconds });
  }
  return new ApiRequestError({ status, code: errorCodeForStatus(status), message: `Request failed with status ${status}`, retryAfterSeconds });
}

/** Retry-After in seconds (a rate-limited call says when to try again); an HTTP date is turned into seconds from now. */
export function retryAfterOf(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its weekday and month; anything else (say '-5', which Date.parse takes for a year) is no answer.
  const at = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function fieldsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

function unexpected(cause: unknown): ApiRequestError {
  console.error('API call failed unexpectedly', cause);
  return new ApiRequestError({ status: 0, code: 'INTERNAL', message: cause instanceof Error ? cause.message : 'Unexpected failure' });
}
