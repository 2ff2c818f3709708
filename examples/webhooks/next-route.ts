/**
 * A Next.js App Router route: save as `app/api/v1/webhooks/[...path]/route.ts`. Next.js hands the
 * route a Web `Request`; the handler routes on the URL path itself.
 *
 * The key comes from `WEBHOOK_KEY`, read on the first request rather than when the module loads:
 * `next build` loads routes without the runtime's secrets. There is no default key: while the
 * variable is unset every request gets a 500 that says so (the sender retries a 500, so nothing
 * is lost), and the route never accepts a guessable key.
 */
import { createWebhookHandler, type WebhookHandler } from 'agentwire/webhooks';

let webhooks: WebhookHandler | undefined;

/** The route's handler, made from `WEBHOOK_KEY` on first use; `undefined` while it is unset. */
export function getWebhooks(): WebhookHandler | undefined {
  if (webhooks) return webhooks;
  const apiKey = process.env.WEBHOOK_KEY;
  if (!apiKey) return undefined;
  webhooks = createWebhookHandler({ apiKey });
  webhooks.on('ConversationErrorEvent', (event, { conversationId }) => {
    console.error(`conversation ${conversationId} failed: ${event.code}: ${event.detail}`);
  });
  return webhooks;
}

/** The POST handler Next.js calls. */
export async function POST(request: Request): Promise<Response> {
  const handler = getWebhooks();
  if (!handler) return Response.json({ detail: 'WEBHOOK_KEY is not set: the webhook has no key to check' }, { status: 500 });
  return handler.fetch(request);
}

/** Other methods get the service's 405. */
export const GET = POST;
