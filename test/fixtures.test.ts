import { describe, expect, it } from 'vitest';
import { decodeEvents, encodeEvents, safeDecodeEvents } from '../src/events/index';
import clientAction from './fixtures/client-action.json';
import conversation from './fixtures/conversation.json';
import sparse from './fixtures/conversation-sparse.json';

describe('recorded fixtures', () => {
  it('decode and encode back to the same bytes', () => {
    const events = decodeEvents(conversation);
    expect(events).toHaveLength(conversation.length);
    expect(JSON.stringify(encodeEvents(events))).toBe(JSON.stringify(conversation));
  });

  it('decode the sparse form (nulls left out) to the same events', () => {
    expect(decodeEvents(sparse)).toEqual(decodeEvents(conversation));
  });

  it('reject a client action strictly and keep it leniently', () => {
    const strict = safeDecodeEvents(clientAction);
    expect(strict.success).toBe(false);
    expect(strict.detail).toContainEqual(expect.objectContaining({ type: 'value_error', loc: [0, 'action'], ctx: { error: {} } }));
    const [event] = decodeEvents(clientAction, { unknownKinds: 'keep' });
    expect(event?.kind === 'ActionEvent' && event.action?.kind).toBe('ClientAction_lookup_order');
    expect(JSON.stringify(encodeEvents(decodeEvents(clientAction, { unknownKinds: 'keep' })))).toContain('"order_id":"A-1042"');
  });
});
