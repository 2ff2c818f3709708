import { describe, expect, it } from 'vitest';
import { decodeEvent, safeDecodeEvent } from './decode';

const message = (llm_message: unknown) => ({ kind: 'MessageEvent', source: 'user', llm_message });
const action = (extra: Record<string, unknown>) => ({
  kind: 'ActionEvent',
  source: 'agent',
  thought: [],
  tool_name: 't',
  tool_call_id: 'c',
  tool_call: { id: 'c', name: 't', arguments: '{}', origin: 'completion' },
  llm_response_id: 'r',
  action: null,
  ...extra,
});

describe('sets', () => {
  it('collapse repeated items, first occurrence first', () => {
    const event = decodeEvent({ kind: 'Condensation', llm_response_id: 'r', forgotten_event_ids: ['b', 'a', 'b', 'a'] });
    expect(event.kind === 'Condensation' && event.forgotten_event_ids).toEqual(['b', 'a']);
  });

  it('report a bad item at its index and anything but a list as set_type', () => {
    expect(safeDecodeEvent({ kind: 'Condensation', llm_response_id: 'r', forgotten_event_ids: ['a', null] }).detail).toEqual([
      { type: 'string_type', loc: ['forgotten_event_ids', 1], msg: 'Input should be a valid string', input: null },
    ]);
    expect(safeDecodeEvent({ kind: 'Condensation', llm_response_id: 'r', forgotten_event_ids: 'a' }).detail).toEqual([
      { type: 'set_type', loc: ['forgotten_event_ids'], msg: 'Input should be a valid set', input: 'a' },
    ]);
  });
});

describe('sequences', () => {
  it('refuse a string and anything that is not a list', () => {
    expect(safeDecodeEvent(action({ thought: {} })).detail).toEqual([
      { type: 'is_instance_of', loc: ['thought'], msg: 'Input should be an instance of Sequence', input: {}, ctx: { class: 'Sequence' } },
    ]);
    expect(safeDecodeEvent(message({ role: 'user', thinking_blocks: 'x' })).detail).toEqual([
      {
        type: 'sequence_str',
        loc: ['llm_message', 'thinking_blocks'],
        msg: "'str' instances are not allowed as a Sequence value",
        input: 'x',
        ctx: { type_name: 'str' },
      },
    ]);
  });

  it('read a message content of null as [] and of a string as one text block', () => {
    const nothing = decodeEvent(message({ role: 'user', content: null }));
    expect(nothing.kind === 'MessageEvent' && nothing.llm_message.content).toEqual([]);
    const text = decodeEvent(message({ role: 'user', content: 'hello' }));
    expect(text.kind === 'MessageEvent' && text.llm_message.content).toEqual([{ cache_prompt: false, type: 'text', text: 'hello' }]);
  });
});

describe('unions of models', () => {
  it('name each member in the location of its errors', () => {
    expect(safeDecodeEvent(action({ thinking_blocks: [{ type: 'thinking' }] })).detail).toEqual([
      { type: 'missing', loc: ['thinking_blocks', 0, 'ThinkingBlock', 'thinking'], msg: 'Field required', input: { type: 'thinking' } },
      {
        type: 'literal_error',
        loc: ['thinking_blocks', 0, 'RedactedThinkingBlock', 'type'],
        msg: "Input should be 'redacted_thinking'",
        input: 'thinking',
        ctx: { expected: "'redacted_thinking'" },
      },
      { type: 'missing', loc: ['thinking_blocks', 0, 'RedactedThinkingBlock', 'data'], msg: 'Field required', input: { type: 'thinking' } },
    ]);
  });

  it('report a non-object member as model_type, naming the class', () => {
    expect(safeDecodeEvent(message({ role: 'user', content: [5] })).detail).toEqual([
      {
        type: 'model_type',
        loc: ['llm_message', 'content', 0, 'TextContent'],
        msg: 'Input should be a valid dictionary or instance of TextContent',
        input: 5,
        ctx: { class_name: 'TextContent' },
      },
      {
        type: 'model_type',
        loc: ['llm_message', 'content', 0, 'ImageContent'],
        msg: 'Input should be a valid dictionary or instance of ImageContent',
        input: 5,
        ctx: { class_name: 'ImageContent' },
      },
    ]);
  });
});

describe('models', () => {
  it('drop the deprecated enable_truncation of a text block, and echo it without', () => {
    const ok = decodeEvent(message({ role: 'user', content: [{ text: 'x', enable_truncation: true }] }));
    expect(ok.kind === 'MessageEvent' && ok.llm_message.content).toEqual([{ cache_prompt: false, type: 'text', text: 'x' }]);
    const bad = safeDecodeEvent(message({ role: 'user', content: [{ enable_truncation: true, cache_prompt: 'x' }] }));
    expect(bad.detail?.slice(0, 2)).toEqual([
      {
        type: 'bool_parsing',
        loc: ['llm_message', 'content', 0, 'TextContent', 'cache_prompt'],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 'x',
      },
      { type: 'missing', loc: ['llm_message', 'content', 0, 'TextContent', 'text'], msg: 'Field required', input: { cache_prompt: 'x' } },
    ]);
  });

  it('keep every declared field, defaults included, and drop unknown keys of open models', () => {
    const event = decodeEvent(message({ role: 'user', zz: 1, content: [{ type: 'image', image_urls: ['u'], zz: 2 }] }));
    expect(event.kind === 'MessageEvent' && event.llm_message).toEqual({
      role: 'user',
      content: [{ cache_prompt: false, type: 'image', image_urls: ['u'] }],
      tool_calls: null,
      tool_call_id: null,
      name: null,
      reasoning_content: null,
      thinking_blocks: [],
      responses_reasoning_item: null,
    });
  });

  it('give the hidden TaskAction.max_turns, at least 1, null by default', () => {
    const task = (extra: Record<string, unknown>) => action({ action: { kind: 'TaskAction', prompt: 'p', ...extra } });
    const event = decodeEvent(task({}));
    expect(event.kind === 'ActionEvent' && event.action).toEqual({
      description: null,
      prompt: 'p',
      subagent_type: 'general-purpose',
      resume: null,
      max_turns: null,
      kind: 'TaskAction',
    });
    const three = decodeEvent(task({ max_turns: '3' }));
    expect(three.kind === 'ActionEvent' && three.action?.kind === 'TaskAction' && three.action.max_turns).toBe(3);
    expect(safeDecodeEvent(task({ max_turns: 0 })).detail?.[0]).toMatchObject({
      type: 'greater_than_equal',
      loc: ['action', 'max_turns'],
      ctx: { ge: 1 },
    });
  });

  it('default a state update value to {}', () => {
    const event = decodeEvent({ kind: 'ConversationStateUpdateEvent', key: 'k' });
    expect(event.kind === 'ConversationStateUpdateEvent' && event.value).toEqual({});
    const explicit = decodeEvent({ kind: 'ConversationStateUpdateEvent', key: 'k', value: null });
    expect(explicit.kind === 'ConversationStateUpdateEvent' && explicit.value).toBeNull();
  });
});
