import { errorCodeForStatus, type ApiError } from '@tours/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { describeFields, HttpError } from '../lib/http-error.ts';
import { sharedPlugin } from '../lib/plugin.ts';

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** `passengers/0/email` in `body` becomes `passengers.0.email`; a whole-part failure is keyed by the part. */
function fieldsOf(error: { validation: { instancePath: string; message?: string }[]; validationContext?: string }) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.') || (error.validationContext ?? 'request');
    fields[path] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`));
}

/**
 * One error handler for the whole API. Callers get `{ error: { code, message, fields? } }`:
 * 400 with a message per field for bad input, the HttpError's own status and
 * code, and a bare 500 for anything unexpected; internals only reach the log.
 */
export const errorsPlugin = sharedPlugin('errors', async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error);
      return reply.code(400).send(errorBody('VALIDATION_FAILED', describeFields(fields), fields));
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
      return reply.code(500).send(errorBody('INTERNAL', 'An unexpected error occurred.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large).
      return reply.code(status).send(errorBody(errorCodeForStatus(status), error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', 'An unexpected error occurred.'));
  });
});
