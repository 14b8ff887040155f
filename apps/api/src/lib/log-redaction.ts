/**
 * What the log must never hold. The log outlives every credential and is
 * read by more people than the customers in it, so request URLs and errors
 * are written without secrets or personal data. Bodies and headers are never
 * logged (the request serializer below keeps neither), which leaves these ways in:
 *
 * - query parameters that are credentials: a document download link's token,
 *   the sandbox card frame's payment token, an authorisation code, and the
 *   ID token oidc-client-ts sends to log out (id_token_hint: a JWT that names
 *   the customer's e-mail);
 * - path segments that are personal data: the postcode of an address lookup;
 * - a database error, whose message carries the statement's parameters
 *   (drizzle's 'params: ...') and whose detail names the values of a
 *   conflicting row ('Key (email)=(...) already exists').
 */
const SECRET_PARAMETERS =
  /([?&](?:token|code|access_token|id_token|id_token_hint|refresh_token|login_hint|code_verifier|client_secret|password|email|postcode)=)[^&#]*/gi;
/** A JSON Web Token wherever it appears: header.payload.signature, each base64url, the header always starting '{"' (eyJ). */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
/** Paths whose segment is personal data: GET /api/addresses/:postcode. */
const PERSONAL_PATHS = /^(\/api\/addresses\/)[^?#]*/i;

const REDACTED = '[Redacted]';

export const redactUrl = (url: string): string =>
  url.replace(PERSONAL_PATHS, `$1${REDACTED}`).replace(SECRET_PARAMETERS, `$1${REDACTED}`).replace(JWT, REDACTED);

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer, with the URL's credentials and personal data redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** drizzle's 'Failed query: <sql>\nparams: <values>': the statement stays (it has placeholders only), the values go. */
const QUERY_PARAMS = /(\bparams: ).*$/gm;
/** PostgreSQL's detail of a unique, foreign key or check violation: 'Key (email)=(a@b.c) already exists.', 'Failing row contains (...)'. */
const ROW_VALUES = /(Key \([^)]*\)=)\(.*?\)(?=\s+(?:already exists|is not present|conflicts)|\.?$)|(Failing row contains )\(.*\)/gs;
/** Properties that hold a statement's values. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'values']);

export const redactText = (text: string): string =>
  text
    .replace(QUERY_PARAMS, `$1${REDACTED}`)
    .replace(ROW_VALUES, (_match, key: string | undefined, failing: string | undefined) => `${key ?? failing}(${REDACTED})`)
    .replace(JWT, REDACTED);

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * pino's error serializer (type, message, stack, own properties, cause,
 * aggregated errors), with statement values and row values redacted
 * wherever in the chain they appear.
 */
export function serializeError(error: Error): SerializedError {
  return serializeErrorAt(error, 0, new WeakSet()) as SerializedError;
}

function serializeErrorAt(error: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? redactText(error) : error;
  if (seen.has(error) || depth > 5) return '[Circular]';
  seen.add(error);
  const out: SerializedError = { type: error.constructor?.name ?? 'Error', message: redactText(error.message), stack: redactText(error.stack ?? '') };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack') continue;
    if (VALUE_PROPERTIES.has(key)) out[key] = REDACTED;
    else if (typeof value === 'string') out[key] = redactText(value);
    else if (value instanceof Error) out[key] = serializeErrorAt(value, depth + 1, seen);
    else if (key === 'errors' && Array.isArray(value)) out[key] = value.map((item) => serializeErrorAt(item, depth + 1, seen));
    else out[key] = value;
  }
  // Own but not enumerable (set by the Error constructor's options).
  if (error.cause !== undefined && !('cause' in out)) out.cause = serializeErrorAt(error.cause, depth + 1, seen);
  return out;
}
