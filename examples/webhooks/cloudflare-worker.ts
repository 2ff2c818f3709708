/**
 * A Cloudflare Worker that receives the service's events. The API key is a secret of the Worker
 * (`wrangler secret put WEBHOOK_KEY`), read from the `env` binding the runtime passes to `fetch`:
 * no `process.env`, no `nodejs_compat` flag. A minimal `wrangler.jsonc`:
 *
 *   { "name": "agent-webhooks", "main": "src/worker.ts", "compatibility_date": "2026-04-01" }
 *
 * The handler is made on the first request (a Worker sees its bindings only then) and reused
 * while the isolate lives. Workers start and stop isolates at will, so the in-memory
 * de-duplication only covers re-deliveries that reach the same isolate: keep what you receive in
 * storage keyed by event id (D1, KV, a Durable Object) and a re-delivery stays harmless.
 */
import { createWebhookHandler, type WebhookHandler } from 'agentwire/webhooks';

/** The bindings this Worker reads. */
export interface Env {
  /** The key the service sends in `X-Session-API-Key`. */
  WEBHOOK_KEY?: string;
}

let current: { key: string; webhooks: WebhookHandler } | undefined;

/** The handler for the Worker's key, or `undefined` while the secret is not set. */
export function webhooksFor(env: Env): WebhookHandler | undefined {
  const key = env.WEBHOOK_KEY;
  if (!key) return undefined;
  if (current?.key !== key) {
    const webhooks = createWebhookHandler({ apiKey: key });
    webhooks.on('ConversationErrorEvent', (event, { conversationId }) => {
      console.error(`conversation ${conversationId} failed: ${event.code}: ${event.detail}`);
    });
    current = { key, webhooks };
  }
  return current.webhooks;
}

/** The Worker: every request goes to the webhook handler, which answers 404 outside its paths. */
export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const webhooks = webhooksFor(env);
    // A 500 makes the sender retry, so nothing is lost while the secret is missing.
    if (!webhooks)
      return Response.json({ detail: 'WEBHOOK_KEY is not set: add it with `wrangler secret put WEBHOOK_KEY`' }, { status: 500 });
    return webhooks.fetch(request);
  },
};
