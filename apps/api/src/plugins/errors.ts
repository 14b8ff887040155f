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

/**
 * Fastify's `frameworkErrors`: what it refuses before any route runs (a path
 * whose percent-encoding does not decode, '/tours/%C0%AF') answers in the
 * same envelope as everything else, with the path as the field at fault.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address holds a character encoding that cannot be read.' : error.message;
  return reply.code(status).send(errorBody(errorCodeForStatus(status), message, { path: message }));
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
    if (status === 413) {
      // The limit of this route (app.ts BODY_LIMIT_BYTES, or a route's own): the client can tell what to send instead.
      const limit = Math.floor((request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0) / 1024);
      return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', `The request body is too large: this call takes at most ${limit} KB.`));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type). A body that cannot be read is named as the field at fault, like a 400 from the contract.
      const aboutBody = typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_');
      return reply.code(status).send(errorBody(errorCodeForStatus(status), error.message, aboutBody ? { body: error.message } : undefined));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', 'An unexpected error occurred.'));
  });
});
