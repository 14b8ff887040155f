import type { ErrorCode } from '@tours/domain/contracts/common';
import { ALERTS, type AlertText } from '@tours/domain/messages';
import { retryInWords } from '@tours/domain/rate-limit-messages';
import { addAlert } from './alerts.ts';
import { getRegionContact } from './region.ts';

/** Failures the browser detects itself, next to the server's ERROR_CODES. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  invalidRequest: 'INVALID_REQUEST',
  requiredParameter: 'REQUIRED_PARAMETER',
} as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** Every failed call surfaces as this one type, whatever went wrong. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** HTTP status; 0 when no answer came (network, or refused before sending). */
  readonly status: number;
  /** A server `ERROR_CODES` value or a client code; the server may add codes, so it stays a string. */
  readonly code: ApiErrorCode | (string & {});
  /** Field path (dot-separated) to its message. */
  readonly fields: Record<string, string>;
  /** Seconds the server asked to wait before trying again (Retry-After of a 429), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(init: { status: number; code: string; message: string; fields?: Record<string, string>; retryAfterSeconds?: number | null }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError;

/**
 * What a rate-limited call (429 RATE_LIMITED) tells the visitor: the server's
 * refusal, which says what was done too often and when to try again; when an
 * answer came without one (a proxy's bare 429), the same words from the
 * domain with the Retry-After it sent.
 */
export function rateLimitMessage(error: ApiRequestError, fallback: (retryIn: string) => string): string {
  const fromServer = error.message.trim();
  return fromServer.startsWith('Too many ') ? fromServer : fallback(retryInWords(error.retryAfterSeconds));
}

/**
 * What a caller wants shown when a call fails. An AlertText, or a function of
 * the regional phone number for the texts that end with it (`ALERTS.noAccount`).
 */
export type AlertSpec = AlertText | ((phone: string) => AlertText);
export type ErrorReaction = AlertSpec | 'silent';

/** Reactions by error code or by HTTP status, with an optional `default`; unlisted failures get the general toast. */
export type ErrorHandlerMap = { readonly [code in ApiErrorCode | 'default']?: ErrorReaction } & {
  readonly [status: number]: ErrorReaction | undefined;
};

/**
 * How a failure is reported. Omitted or 'alert': the general-failure toast.
 * 'silent': the caller shows the failure itself (an inline screen, say).
 * A map or a function picks a specific message; a function returning
 * undefined falls back to the general toast.
 */
export type OnApiError = 'alert' | 'silent' | ErrorHandlerMap | ((error: ApiRequestError) => ErrorReaction | undefined);

const GENERAL_FAILURE: AlertSpec = ALERTS.generalFailure;

export function reactionFor(error: ApiRequestError, onError: OnApiError | undefined): ErrorReaction {
  if (onError === undefined || onError === 'alert') return GENERAL_FAILURE;
  if (onError === 'silent') return 'silent';
  if (typeof onError === 'function') return onError(error) ?? GENERAL_FAILURE;
  const byCode = (onError as Record<string, ErrorReaction | undefined>)[error.code];
  return byCode ?? onError[error.status] ?? onError.default ?? GENERAL_FAILURE;
}

/** The one place a failed call turns into what the visitor sees. */
export function reportApiError(error: ApiRequestError, onError?: OnApiError): void {
  const reaction = reactionFor(error, onError);
  if (reaction === 'silent') return;
  addAlert(typeof reaction === 'function' ? reaction(getRegionContact().phone) : reaction);
}
