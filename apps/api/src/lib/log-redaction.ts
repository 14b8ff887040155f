/**
 * Query parameters that are credentials (a document download link's token,
 * an authorisation code): kept out of the request log, which outlives them
 * and is read by more people than the customer they belong to.
 */
const SECRET_PARAMETERS = /([?&](?:token|code|access_token|id_token)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAMETERS, '$1[Redacted]');

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer, with the URL's credentials redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
