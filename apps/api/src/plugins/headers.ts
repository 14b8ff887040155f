import { sharedPlugin } from '../lib/plugin.ts';

/** Headers every answer carries: the request id for support, and safe browser defaults. */
export const headersPlugin = sharedPlugin('headers', async (app) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // The card provider's frame is served from this origin in sandbox mode; nobody else may frame the site.
    reply.header('x-frame-options', 'SAMEORIGIN');
  });
});
