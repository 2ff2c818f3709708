/**
 * Receiving the service's events in a Hono 4 app (served here by `@hono/node-server`; the same
 * app runs on Bun, Deno and Workers).
 */
import type { WebhookHandler } from 'agentwire/webhooks';
import { Hono } from 'hono';

/** A Hono app that passes `/api/v1/webhooks/*` to agentwire. */
export function createHonoApp(webhooks: WebhookHandler): Hono {
  const app = new Hono();
  app.all('/api/v1/webhooks/*', (c) => webhooks.fetch(c.req.raw));
  return app;
}
