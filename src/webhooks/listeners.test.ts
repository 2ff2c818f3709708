import { describe, expect, it } from 'vitest';
import { actionEvent, messageEvent } from '../../test/helpers/events';
import { EVENT_KINDS } from '../events/index';
import { createWebhookHandler } from './handler/index';

const ID = '3f2a9c10-4a00-4a01-a001-5e1d0000b000';
const headers = { 'x-session-api-key': 'k' };

describe('on and removeListener', () => {
  it('listens to a list of kinds, keeps what listeners return out of the answer, and removes per kind', async () => {
    const handler = createWebhookHandler({ apiKey: 'k' });
    const seen: string[] = [];
    const listener = (event: { kind: string }) => {
      seen.push(event.kind);
      return event.kind.length;
    };
    handler.on(['ActionEvent', 'MessageEvent'], listener);
    const deliver = () => handler.receive({ conversationId: ID, headers, body: { json: [messageEvent('hi'), actionEvent()] } });
    expect(await deliver()).toEqual({ status: 200, body: { success: true } });
    expect(seen).toEqual(['MessageEvent', 'ActionEvent']);
    expect(handler.removeListener('MessageEvent', listener)).toBe(handler);
    expect((await deliver()).status).toBe(200);
    expect(seen).toEqual(['MessageEvent', 'ActionEvent', 'ActionEvent']);
    handler.removeListener(['ActionEvent', 'MessageEvent'], listener);
    expect((await deliver()).status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it('removes one registration at a time, the latest first, and ignores one that is not there', async () => {
    const handler = createWebhookHandler({ apiKey: 'k' });
    let calls = 0;
    const listener = () => {
      calls += 1;
    };
    handler.on('MessageEvent', listener).on('MessageEvent', listener);
    handler.removeListener('MessageEvent', listener).removeListener('ActionEvent', listener);
    await handler.receive({ conversationId: ID, headers, body: { json: [messageEvent('hi')] } });
    expect(calls).toBe(1);
  });

  it('a rejected promise from a listener fails the batch like a throw', async () => {
    const handler = createWebhookHandler({ apiKey: 'k' });
    handler.on('MessageEvent', () => Promise.reject(new Error('down')));
    expect((await handler.receive({ conversationId: ID, headers, body: { json: [messageEvent('hi')] } })).status).toBe(500);
  });

  it('an unknown kind is a TypeError that names the closest kind, before anything is registered', () => {
    const handler = createWebhookHandler({ apiKey: 'k' }) as unknown as {
      on(kinds: unknown, listener: unknown): unknown;
      removeListener(kinds: unknown, listener: unknown): unknown;
    };
    const kinds = EVENT_KINDS.join(', ');
    expect(() => handler.on('ActionEvnet', () => undefined)).toThrow(
      new TypeError(`webhooks.on: unknown event kind 'ActionEvnet'. Did you mean 'ActionEvent'? The kinds are ${kinds}.`),
    );
    expect(() => handler.on(['MessageEvent', 'Nothing'], () => undefined)).toThrow(
      new TypeError(`webhooks.on: unknown event kind 'Nothing'. The kinds are ${kinds}.`),
    );
    expect(() => handler.removeListener('messageevent', () => undefined)).toThrow(
      new TypeError(`webhooks.removeListener: unknown event kind 'messageevent'. Did you mean 'MessageEvent'? The kinds are ${kinds}.`),
    );
    expect(() => handler.on(5, () => undefined)).toThrow(
      new TypeError('webhooks.on: the kind must be an event kind or a list of them, not number'),
    );
    expect(() => handler.on('MessageEvent', 'listener')).toThrow(
      new TypeError('webhooks.on: the listener must be a function, not "listener"'),
    );
  });

  it("a 'keep' handler passes client-tool actions to its listeners as they arrived", async () => {
    const handler = createWebhookHandler({ apiKey: 'k', unknownKinds: 'keep' });
    const actions: unknown[] = [];
    handler.on('ActionEvent', (event) => actions.push(event.action));
    const body = { json: [{ ...actionEvent(), action: { kind: 'ClientAction_lookup', order: 1 } }] };
    expect((await handler.receive({ conversationId: ID, headers, body })).status).toBe(200);
    expect(actions).toEqual([{ kind: 'ClientAction_lookup', order: 1 }]);
  });
});
