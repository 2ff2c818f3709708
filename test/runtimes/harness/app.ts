/**
 * The app every runtime serves in the runtimes suite, on Web APIs only: the webhook examples as
 * written (a request names its example in the `x-example` header and reaches it untouched), what
 * their listeners got, and the events codec. The suite copies this folder and `examples/` into a
 * project where `agentwire` is the packed package.
 */
import { decodeEvents, type Event, EventValidationError, encodeEvents } from 'agentwire/events';
import { createWebhookHandler, type WebhookContext } from 'agentwire/webhooks';
import { createEdgeApp } from '../../../examples/webhooks/edge-runtimes';
import { createHonoApp } from '../../../examples/webhooks/hono';

/** One example as the harness serves it. */
export interface Example {
  fetch(request: Request): Promise<Response> | Response;
  /** The ids of the events its listeners got for a conversation (hyphenated id), in order. */
  delivered(conversationId: string): Promise<string[]> | string[];
}

/** Where the examples' listeners log the events they got. */
export interface DeliveryLog {
  /** A listener that logs under an example's name. */
  listener(example: string): (event: Event, context: WebhookContext) => void;
  delivered(example: string, conversationId: string): string[];
}

/** What the runtime says about itself. */
export interface RuntimeInfo {
  name: string;
  version: string;
}

/** A new, empty delivery log. */
export function createDeliveryLog(): DeliveryLog {
  const entries = new Map<string, string[]>();
  return {
    listener:
      (example) =>
      (event, { conversationId }) => {
        const key = `${example} ${conversationId}`;
        entries.set(key, [...(entries.get(key) ?? []), event.id]);
      },
    delivered: (example, conversationId) => entries.get(`${example} ${conversationId}`) ?? [],
  };
}

/** The examples that need nothing but Web APIs: `edge-runtimes.ts` and `hono.ts`. */
export function webExamples(key: string, log: DeliveryLog): Record<string, Example> {
  const edge = createEdgeApp(key);
  const hono = createHonoApp(createWebhookHandler({ apiKey: key }).onAny(log.listener('hono')));
  return {
    edge: { fetch: edge.fetch, delivered: async (id) => (await edge.store.list(id)).events.map((event) => event.id) },
    hono: { fetch: (request) => hono.fetch(request), delivered: (id) => log.delivered('hono', id) },
  };
}

/** Decodes a batch and encodes it back: the encoded JSON text, or the 422 a decoding error makes. */
function roundTrip(text: string, keep: boolean): Response {
  try {
    const input: unknown = JSON.parse(text);
    const events = keep ? decodeEvents(input, { unknownKinds: 'keep' }) : decodeEvents(input);
    return new Response(JSON.stringify(encodeEvents(events)), { headers: { 'content-type': 'application/json' } });
  } catch (error) {
    if (error instanceof EventValidationError) return Response.json({ detail: error.detail }, { status: 422 });
    throw error;
  }
}

/** The harness: examples by `x-example`, and `/_harness/{runtime,delivered/<example>/<id>,codec}`. */
export function createRuntimeApp(runtime: RuntimeInfo, examples: Record<string, Example>): (request: Request) => Promise<Response> {
  return async (request) => {
    const name = request.headers.get('x-example');
    if (name !== null) {
      const example = examples[name];
      return example ? example.fetch(request) : Response.json({ detail: `no example ${name}` }, { status: 400 });
    }
    const url = new URL(request.url);
    if (url.pathname === '/_harness/runtime') {
      return Response.json({ ...runtime, process: typeof (globalThis as { process?: unknown }).process, examples: Object.keys(examples) });
    }
    const delivered = /^\/_harness\/delivered\/([\w-]+)\/([\w-]+)$/.exec(url.pathname);
    const example = delivered ? examples[delivered[1] as string] : undefined;
    if (delivered && example) return Response.json(await example.delivered(delivered[2] as string));
    if (url.pathname === '/_harness/codec' && request.method === 'POST') {
      return roundTrip(await request.text(), url.searchParams.get('unknownKinds') === 'keep');
    }
    return Response.json({ detail: 'Not Found' }, { status: 404 });
  };
}
