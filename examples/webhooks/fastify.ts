/**
 * Receiving the service's events in a Fastify 5 app: keep the body raw for the webhook paths and
 * hand the request to the Node adapter.
 */
import type { WebhookHandler } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import Fastify, { type FastifyInstance } from 'fastify';

/** A Fastify app that passes `/api/v1/webhooks/*` to agentwire. */
export function createFastifyApp(webhooks: WebhookHandler): FastifyInstance {
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
  const node = toNodeHandler(webhooks);
  app.register(async (scope) => {
    // Inside this scope every body stays a Buffer; agentwire parses and validates it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.all('/api/v1/webhooks/*', (request, reply) => {
      reply.hijack();
      node(Object.assign(request.raw, { body: request.body }), reply.raw);
    });
  });
  return app;
}
