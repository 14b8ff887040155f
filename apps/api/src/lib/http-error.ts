import { ERROR_STATUS, type ErrorCode } from '@tours/domain';

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

/** An error with its code's usual status (ERROR_STATUS). */
const withCode = (code: ErrorCode, message: string, fields?: Record<string, string>) => new HttpError(ERROR_STATUS[code], code, message, fields);

export const notFound = (message = 'Not found.') => withCode('NOT_FOUND', message);
export const unauthorized = (message = 'Authentication is required.') => withCode('UNAUTHORIZED', message);
export const forbidden = (message = 'You may not do this.') => withCode('FORBIDDEN', message);
export const conflict = (message: string) => withCode('CONFLICT', message);
export const serviceFailure = (message: string, statusCode: number = ERROR_STATUS.SERVICE_FAILURE) => new HttpError(statusCode, 'SERVICE_FAILURE', message);

/** A 400 for a rule the schema cannot express, reported like a schema failure. */
export const validationFailed = (fields: Record<string, string>) => withCode('VALIDATION_FAILED', describeFields(fields), fields);

export function describeFields(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(([path, message]) => `${path}: ${message}`);
  return `The request is not valid. ${parts.join('; ')}`;
}
