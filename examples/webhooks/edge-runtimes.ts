/**
 * Bun, Deno and Cloudflare Workers all serve a `fetch(request) => Response` function:
 *
 *   Bun.serve({ port: 3000, fetch: app.fetch });
 *   Deno.serve({ port: 3000 }, app.fetch);
 *   export default app; // Workers
 *
 * The handler needs nothing from Node, so the same object works in all three.
 */
import { createMemoryStore } from 'agentwire/stores';
import { createWebhookHandler, storeListener } from 'agentwire/webhooks';

/** A Web-standard app: the webhook plus an in-memory store (use a database of your own in production). */
export function createEdgeApp(apiKey: string) {
  const store = createMemoryStore();
  const webhooks = createWebhookHandler({ apiKey }).onEvents(storeListener(store));
  return { fetch: (request: Request) => webhooks.fetch(request), store };
}
