/**
 * Receiving the service's events in an Express 5 app. Mount the handler before `express.json()`
 * where you can: then it reads the raw body itself (signatures, exact `json_invalid` answers).
 * Behind `express.json()` it uses `req.body`.
 */
import type { WebhookHandler } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';
import express from 'express';

/** An Express app with the webhook mounted; `withJsonParser` puts `express.json()` in front of it. */
export function createExpressApp(webhooks: WebhookHandler, withJsonParser = false): express.Express {
  const app = express();
  if (withJsonParser) app.use(express.json({ limit: '20mb' }));
  app.use(toNodeHandler(webhooks));
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}
