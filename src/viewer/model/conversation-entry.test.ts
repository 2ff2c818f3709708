import { describe, expect, it } from 'vitest';
import conversation from '../../../test/fixtures/conversation.json';
import type { Event } from '../../events/index';
import { addToConversationEntry, createConversationEntry, summarizeConversation } from './conversation-entry';

const events = conversation as unknown as Event[];
const ID = '6c1f2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

describe('conversation entries', () => {
  it('summarizes the recorded conversation', () => {
    expect(summarizeConversation(ID, events)).toEqual({
      id: ID,
      title: 'The checkout total ignores discounts. Please fix it and add a test.',
      events: 34,
      firstAt: '2026-06-16T05:39:20.157013',
      lastAt: '2026-06-16T05:40:12.237442',
      status: 'finished',
      errors: 3,
      lastError: {
        kind: 'ConversationErrorEvent',
        code: 'SandboxStopped',
        detail: 'The sandbox was stopped after the conversation finished.',
      },
    });
  });

  it('folds batches one after the other to the same entry', () => {
    const entry = createConversationEntry(ID);
    const states: string[] = [];
    for (let i = 0; i < events.length; i += 5) {
      addToConversationEntry(entry, events.slice(i, i + 5));
      states.push(`${entry.status}/${entry.errors}`);
    }
    expect(states).toEqual(['running/0', 'running/0', 'running/1', 'running/1', 'running/2', 'finished/2', 'finished/3']);
    expect(entry).toEqual(summarizeConversation(ID, events));
  });

  it('cuts the title short on one line, without escapes', () => {
    const long = `\u001b[31mFix\u001b[0m\n${'all the things '.repeat(20)}`;
    const entry = summarizeConversation(ID, [
      {
        id: 'a',
        kind: 'MessageEvent',
        source: 'user',
        llm_message: { role: 'user', content: [{ type: 'text', text: long }] },
      } as unknown as Event,
    ]);
    expect(entry.title).toHaveLength(100);
    expect(entry.title.startsWith('Fix all the things')).toBe(true);
    expect(entry.title.endsWith('…')).toBe(true);
    expect([entry.status, entry.firstAt]).toEqual(['unknown', null]);
  });
});
