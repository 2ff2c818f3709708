/**
 * A Next.js App Router route: save as `app/api/v1/webhooks/[...path]/route.ts`. Next.js hands the
 * route a Web `Request`; the handler routes on the URL path itself.
 */
import { createWebhookHandler } from 'agentwire/webhooks';

const webhooks = createWebhookHandler({ apiKey: process.env.WEBHOOK_KEY ?? 'change-me' });
webhooks.on('ConversationErrorEvent', (event, { conversationId }) => {
  console.error(`conversation ${conversationId} failed: ${event.code}: ${event.detail}`);
});

/** The POST handler Next.js calls. */
export const POST = (request: Request): Promise<Response> => webhooks.fetch(request);
/** Other methods get the service's 405. */
export const GET = POST;

export { webhooks };
