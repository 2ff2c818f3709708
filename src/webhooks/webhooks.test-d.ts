import { describe, expectTypeOf, it } from 'vitest';
import { createClient } from '../api/index';
import type { ActionEvent, Event, LenientActionEvent, LenientEvent, MessageEvent } from '../events/index';
import { createMemoryStore } from '../stores/index';
import { createWebhookHandler } from './handler/index';
import { toNodeHandler } from './node';
import { storeListener } from './store';
import type { UnknownKindsMode, WebhookHandler, WebhookHandlerOptions } from './types';

describe('webhook listener types', () => {
  it('a listener may return any value, and gets the kind it listens to', () => {
    const handler = createWebhookHandler({ apiKey: 'k' });
    expectTypeOf(handler).toEqualTypeOf<WebhookHandler<'reject'>>();
    handler.on('ActionEvent', (event) => event.tool_name);
    handler.on('ActionEvent', async (event) => event.id);
    handler.on('ActionEvent', (event) => expectTypeOf(event).toEqualTypeOf<ActionEvent>());
    handler.onAny((event) => expectTypeOf(event).toEqualTypeOf<Event>());
    handler.onEvents((events) => expectTypeOf(events).toEqualTypeOf<Event[]>());
    // @ts-expect-error a misspelt kind does not compile
    handler.on('ActionEvnet', () => undefined);
  });

  it('a list of kinds gives the union of their types; removeListener takes the same forms', () => {
    const handler = createWebhookHandler({ apiKey: 'k' });
    const listener = (event: ActionEvent | MessageEvent) => event.kind;
    handler.on(['ActionEvent', 'MessageEvent'], (event) => expectTypeOf(event).toEqualTypeOf<ActionEvent | MessageEvent>());
    expectTypeOf(handler.on(['ActionEvent', 'MessageEvent'], listener)).toEqualTypeOf<WebhookHandler<'reject'>>();
    handler.removeListener(['ActionEvent', 'MessageEvent'], listener).removeListener('ActionEvent', listener);
    const strictOnly = (event: Event) => event.id;
    handler.onAny(strictOnly);
  });

  it("a handler made with unknownKinds: 'keep' types its listeners with the lenient events", () => {
    const lenient = createWebhookHandler({ apiKey: 'k', unknownKinds: 'keep' });
    expectTypeOf(lenient).toEqualTypeOf<WebhookHandler<'keep'>>();
    lenient.on('ActionEvent', (event) => expectTypeOf(event).toEqualTypeOf<LenientActionEvent>());
    lenient.on('MessageEvent', (event) => expectTypeOf(event).toEqualTypeOf<MessageEvent>());
    lenient.onAny((event) => expectTypeOf(event).toEqualTypeOf<LenientEvent>());
    // @ts-expect-error a listener that needs strict events does not fit a lenient handler
    lenient.onAny((event: Event) => event.id);
    const strict = createWebhookHandler({ apiKey: 'k', unknownKinds: 'reject' });
    expectTypeOf(strict).toEqualTypeOf<WebhookHandler<'reject'>>();
    // A mode only known at run time types the listeners leniently (the safe side).
    const options: WebhookHandlerOptions = { apiKey: 'k' };
    expectTypeOf(createWebhookHandler(options)).toEqualTypeOf<WebhookHandler<UnknownKindsMode>>();
    createWebhookHandler(options).onAny((event) => expectTypeOf(event).toEqualTypeOf<Event | LenientEvent>());
  });

  it('a strict handler fits where a handler of either mode is expected, a lenient one never where a strict one is', () => {
    let either: ReturnType<typeof createWebhookHandler> = createWebhookHandler({ apiKey: 'k' });
    either = createWebhookHandler({ apiKey: 'k', unknownKinds: 'keep' });
    expectTypeOf(either).toEqualTypeOf<WebhookHandler<UnknownKindsMode>>();
    // @ts-expect-error a lenient handler would give strict listeners opaque values
    const strict: WebhookHandler = createWebhookHandler({ apiKey: 'k', unknownKinds: 'keep' });
    expectTypeOf(strict).toEqualTypeOf<WebhookHandler<'reject'>>();
  });

  it('stores and the Node adapter take handlers of either mode', () => {
    const store = createMemoryStore();
    createWebhookHandler({ apiKey: 'k' }).onEvents(storeListener(store));
    createWebhookHandler({ apiKey: 'k', unknownKinds: 'keep' }).onEvents(storeListener(store));
    toNodeHandler(createWebhookHandler({ apiKey: 'k' }));
    toNodeHandler(createWebhookHandler({ apiKey: 'k', unknownKinds: 'keep' }));
  });
});

describe('client event types', () => {
  it('a strict client yields Event from a search, a lenient one Event | LenientEvent', async () => {
    const strict = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });
    for await (const event of strict.events.search('c')) expectTypeOf(event).toEqualTypeOf<Event>();
    const page = await strict.events.search('c', { kind: 'ActionEvent' });
    expectTypeOf(page.items).toEqualTypeOf<Event[]>();
    const lenient = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', unknownKinds: 'keep' });
    for await (const event of lenient.events.search('c')) expectTypeOf(event).toEqualTypeOf<Event | LenientEvent>();
    for await (const event of lenient.events.search('c', { unknownKinds: 'reject' })) expectTypeOf(event).toEqualTypeOf<Event>();
  });
});

describe('mounting types', () => {
  it('fetch takes route options, and fits the fetch handlers of Bun, Deno and Workers as is', () => {
    const handler = createWebhookHandler({ apiKey: 'k' });
    expectTypeOf(handler.fetch(new Request('http://x'), { conversationId: 'c' })).toEqualTypeOf<Promise<Response>>();
    type DenoHandler = (request: Request, info: { remoteAddr: { hostname: string }; completed: Promise<void> }) => Promise<Response>;
    type BunServe = { fetch(this: unknown, request: Request, server: { port: number; stop(): void }): Promise<Response> };
    type WorkerFetch = (
      request: Request,
      env: { WEBHOOK_KEY?: string },
      context: { waitUntil(promise: Promise<unknown>): void },
    ) => Promise<Response>;
    expectTypeOf(handler.fetch).toExtend<DenoHandler>();
    expectTypeOf({ fetch: handler.fetch }).toExtend<BunServe>();
    expectTypeOf(handler.fetch).toExtend<WorkerFetch>();
  });
});
