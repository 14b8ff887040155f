import { z } from 'zod/mini';
import { isIsoDate } from '../dates.ts';
import { idSchema } from '../input-values.ts';
import type { StaffPermission } from '../staff/permissions.ts';
import { VALIDATION } from '../messages.ts';

/**
 * Every product API answer is `{ data }` on success and `{ error }` otherwise.
 * The spec reads `data.available_to_book`, `data.code` and an error code such
 * as NO_RESULTS or SERVICE_FAILURE, so both envelopes carry those names.
 */
export const dataEnvelope = <T extends z.ZodMiniType>(data: T) => z.object({ data });

/** Lists answer `{ data: { items } }`, as the spec reads them. */
export const itemsEnvelope = <T extends z.ZodMiniType>(item: T) => dataEnvelope(z.object({ items: z.array(item) }));

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONFLICT',
  'NO_RESULTS',
  'SERVICE_FAILURE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'PRECONDITION_FAILED',
  'PRECONDITION_REQUIRED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The HTTP status each code answers with. The availability codes keep the
 * spec's meaning whatever the status, so a call may answer them with another
 * (NO_RESULTS as 404 from the booking tour call, SERVICE_FAILURE as 409 when
 * the choice is sold out).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NO_RESULTS: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  /** A change whose If-Match names a version someone else has changed since (a staff member edited twice). */
  PRECONDITION_FAILED: 412,
  /** A change that must name the version it read (If-Match) and did not. */
  PRECONDITION_REQUIRED: 428,
  INTERNAL: 500,
  SERVICE_FAILURE: 503,
} as const satisfies Record<ErrorCode, number>;

/** The codes a bare status stands for; the availability codes are never guessed from a status. */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/**
 * The code of an error answer that carries none (Fastify's own client errors,
 * a proxy's error page): the code of that status, VALIDATION_FAILED for any
 * other refused request (4xx), otherwise INTERNAL. A 503 from a proxy is not
 * the reservations system saying SERVICE_FAILURE, so it stays INTERNAL.
 */
export function errorCodeForStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 400 && status < 500 ? 'VALIDATION_FAILED' : 'INTERNAL');
}

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path (dot-separated) to its message, for 400 answers. */
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** One call of spec section 7: the single description the API route and the web client both use. */
export interface Endpoint<
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Headers extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/api`, with `:name` parameters as Fastify writes them. */
  path: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** Request headers the call requires, by their lower-case names (the staff writes' Idempotency-Key). */
  headers?: Headers;
  response: Response;
  /**
   * Who may call: anyone, the holder of a booking token, someone signed in at
   * the identity provider (a customer, or staff starting their session), or
   * a signed-in staff member (the console: docs/decisions/0018-staff-console.md).
   */
  auth: 'none' | 'booking' | 'customer' | 'staff';
  /**
   * Staff calls only: the permission a member's roles must hold (the domain's
   * table, staff/permissions.ts), or null for any signed-in staff member.
   * Required with auth 'staff', so no staff call is open by omission.
   */
  permission?: StaffPermission | null;
  summary: string;
  /**
   * How the answer travels: JSON envelopes by default; the documents list is
   * the spec's tab-separated text, and a document download is the file itself.
   */
  responseType?: 'json' | 'text' | 'file';
}

export const defineEndpoint = <
  Params extends z.ZodMiniType | undefined = undefined,
  Query extends z.ZodMiniType | undefined = undefined,
  Body extends z.ZodMiniType | undefined = undefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Headers extends z.ZodMiniType | undefined = undefined,
>(
  endpoint: Endpoint<Params, Query, Body, Response, Headers>,
) => endpoint;

/** Fills `:name` parameters; a missing one is a programming error the spec calls a required-parameter error. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Required parameter '${name}' was missing for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** A calendar date 'YYYY-MM-DD' that exists. */
export const isoDateSchema = z.string().check(z.refine(isIsoDate, VALIDATION.dateFormat));

/** An instant with its offset, e.g. '2027-03-04T09:30:00.000Z'. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/**
 * Turns a failed parse into the `fields` of a 400 answer: dot-separated path
 * to the first message for that path, which is the one a form shows.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** `:booking` of the account calls. */
export const bookingParamsSchema = z.object({ booking: idSchema });
