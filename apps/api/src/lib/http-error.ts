import type { ErrorCode } from '@tours/domain';

/**
 * An error with a meaning for the caller. Handlers throw it; the error plugin
 * turns it into `{ error: { code, message, fields? } }` with its status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Field path (dot-separated) to its message, for 400 answers. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found.') => new HttpError(404, 'NOT_FOUND', message);
export const unauthorized = (message = 'Authentication is required.') => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You may not do this.') => new HttpError(403, 'FORBIDDEN', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
export const serviceFailure = (message: string, statusCode = 503) => new HttpError(statusCode, 'SERVICE_FAILURE', message);

/** A 400 for a rule the schema cannot express, reported like a schema failure. */
export const validationFailed = (fields: Record<string, string>) =>
  new HttpError(400, 'VALIDATION_FAILED', describeFields(fields), fields);

export function describeFields(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(([path, message]) => `${path}: ${message}`);
  return `The request is not valid. ${parts.join('; ')}`;
}
