/**
 * Receiving the service's events on plain `node:http`.
 */
import { createServer, type Server } from 'node:http';
import type { WebhookHandler } from 'agentwire/webhooks';
import { toNodeHandler } from 'agentwire/webhooks/node';

/** A server that answers the webhook paths and 404 elsewhere. */
export function createNodeServer(webhooks: WebhookHandler): Server {
  return createServer(toNodeHandler(webhooks));
}
