/**
 * `next-route.ts` as the harness serves it (on runtimes with `process.env`): Next.js calls the
 * export named after the request's method.
 */
import { GET, getWebhooks, POST } from '../../../examples/webhooks/next-route';
import type { DeliveryLog, Example } from './app';

/** The Next.js route, its listeners logged; `WEBHOOK_KEY` must be set. */
export function nextExample(log: DeliveryLog): Example {
  const webhooks = getWebhooks();
  if (!webhooks) throw new Error('WEBHOOK_KEY is not set');
  webhooks.onAny(log.listener('next'));
  return { fetch: (request) => (request.method === 'POST' ? POST(request) : GET(request)), delivered: (id) => log.delivered('next', id) };
}
