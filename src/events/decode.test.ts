import { describe, expect, it } from 'vitest';
import { actionEvent, messageEvent } from '../../test/helpers/events';
import { decodeEvent, decodeEvents, safeDecodeEvent, safeDecodeEvents } from './decode';
import { EventValidationError } from './errors';

const { id: _m, ...message } = messageEvent('hi');
const { id: _a, ...action } = actionEvent();

function detailOf(input: unknown) {
  const result = safeDecodeEvent(input);
  if (result.success) throw new Error('expected a failure');
  return result.detail;
}

describe('decodeEvent', () => {
  it('fills the defaults the service fills', () => {
    const event = decodeEvent(action);
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?$/);
    expect(event).toMatchObject({ source: 'agent', parent_id: null, security_risk: 'UNKNOWN', thinking_blocks: [], critic_result: null });
    expect(event.kind === 'ActionEvent' && event.action).toEqual({
      kind: 'TerminalAction',
      command: 'ls',
      is_input: false,
      timeout: null,
      reset: false,
    });
    expect(decodeEvent(action).id).not.toBe(event.id);
  });

  it('keeps the id, the timestamp string and an explicit root parent', () => {
    const event = decodeEvent({ ...message, id: 'abc', timestamp: '2026-06-16T05:39:18', parent_id: '__root__' });
    expect(event).toMatchObject({ id: 'abc', timestamp: '2026-06-16T05:39:18', parent_id: '__root__' });
  });

  it('throws an EventValidationError with pydantic-style detail and no input values in the message', () => {
    const secret = 'sk-live-should-not-appear';
    let error: unknown;
    try {
      decodeEvent({ ...message, source: secret });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EventValidationError);
    const failure = error as EventValidationError;
    expect(failure.message).toContain('source: Input should be');
    expect(failure.message).not.toContain(secret);
    expect(failure.detail).toEqual([
      {
        type: 'literal_error',
        loc: ['source'],
        msg: "Input should be 'agent', 'user', 'environment' or 'hook'",
        input: secret,
        ctx: { expected: "'agent', 'user', 'environment' or 'hook'" },
      },
    ]);
    expect(failure.issues.length).toBeGreaterThan(0);
  });

  it.each([
    [
      { ...action, tool_call_id: undefined },
      { type: 'missing', loc: ['tool_call_id'], msg: 'Field required' },
    ],
    [
      { ...action, extra: 1 },
      { type: 'extra_forbidden', loc: ['extra'], msg: 'Extra inputs are not permitted', input: 1 },
    ],
    [{ source: 'user' }, { type: 'value_error', loc: [], input: { source: 'user' }, ctx: { error: {} } }],
    [
      { kind: 'Nope' },
      {
        type: 'value_error',
        loc: [],
        input: {},
        msg: expect.stringMatching(
          /^Value error, Unknown kind 'Nope' for openhands\.sdk\.event\.base\.Event; Expected one of: \['ServerErrorEvent', /,
        ),
      },
    ],
    [
      { ...action, security_risk: 'EXTREME' },
      { type: 'enum', loc: ['security_risk'], msg: "Input should be 'UNKNOWN', 'LOW', 'MEDIUM' or 'HIGH'" },
    ],
    [
      { kind: 'TokenEvent', source: 'agent', prompt_token_ids: ['one'], response_token_ids: [] },
      { type: 'int_parsing', loc: ['prompt_token_ids', 0], msg: 'Input should be a valid integer, unable to parse string as an integer' },
    ],
    [
      { kind: 'Condensation', llm_response_id: 'r', summary_offset: -1 },
      { type: 'greater_than_equal', loc: ['summary_offset'], ctx: { ge: 0 } },
    ],
    [
      { ...message, llm_message: { role: 'user', content: [{ type: 'text', text: 'x', extra: 1 }] } },
      { type: 'extra_forbidden', loc: ['llm_message', 'content', 0, 'TextContent', 'extra'], input: 1 },
    ],
    [
      { ...message, llm_message: { role: 'user', content: [{ type: 'text', text: 'x', extra: 1 }] } },
      { type: 'missing', loc: ['llm_message', 'content', 0, 'ImageContent', 'image_urls'] },
    ],
    [
      { ...message, id: '__root__' },
      { type: 'value_error', loc: ['id'], msg: "Value error, Event id may not equal reserved sentinel '__root__'", ctx: { error: {} } },
    ],
    [
      { kind: 'Condensation', llm_response_id: 'r', forgotten_event_ids: { a: 1 } },
      { type: 'set_type', loc: ['forgotten_event_ids'], msg: 'Input should be a valid set' },
    ],
    [
      { ...action, action: { kind: 'ClientAction_lookup' } },
      {
        type: 'value_error',
        loc: ['action'],
        input: {},
        msg: expect.stringContaining("Unknown kind 'ClientAction_lookup' for openhands.sdk.tool.schema.Action"),
      },
    ],
    [
      { ...action, thought: 'thinking' },
      { type: 'sequence_str', loc: ['thought'], msg: "'str' instances are not allowed as a Sequence value", ctx: { type_name: 'str' } },
    ],
    [
      { ...action, tool_call: 'call' },
      {
        type: 'model_type',
        loc: ['tool_call'],
        msg: 'Input should be a valid dictionary or instance of MessageToolCall',
        ctx: { class_name: 'MessageToolCall' },
      },
    ],
    [[], { type: 'model_attributes_type', loc: [] }],
    [[message], { type: 'model_attributes_type', loc: [] }],
  ])('reports %j as the service would', (input, expected) => {
    expect(detailOf(input)).toContainEqual(expect.objectContaining(expected));
  });

  it('echoes an event without its kind, as the service does after reading it', () => {
    const { tool_call_id: _removed, ...rest } = action;
    expect(detailOf(rest)).toEqual(
      [
        { type: 'missing', loc: ['tool_call_id'], msg: 'Field required', input: { ...rest, kind: undefined, action: { command: 'ls' } } },
      ].map((item) => JSON.parse(JSON.stringify(item))),
    );
  });

  it('reports every unknown key of a closed object, in order', () => {
    expect(detailOf({ ...action, b: 1, a: 2 }).map((item) => item.loc)).toEqual([['b'], ['a']]);
  });

  it('reads lax values as the service does, and only the declared types in strict mode', () => {
    const lax = { ...action, action: { kind: 'TerminalAction', command: 'ls', is_input: 'yes', timeout: '2.5', reset: 0 } };
    const event = decodeEvent(lax);
    expect(event.kind === 'ActionEvent' && event.action).toEqual({
      kind: 'TerminalAction',
      command: 'ls',
      is_input: true,
      timeout: 2.5,
      reset: false,
    });
    const strict = safeDecodeEvent(lax, { coercion: 'strict' });
    expect(strict.detail).toEqual([
      { type: 'bool_type', loc: ['action', 'is_input'], msg: 'Input should be a valid boolean', input: 'yes' },
      { type: 'float_type', loc: ['action', 'timeout'], msg: 'Input should be a valid number', input: '2.5' },
      { type: 'bool_type', loc: ['action', 'reset'], msg: 'Input should be a valid boolean', input: 0 },
    ]);
    expect(decodeEvent(action, { coercion: 'strict' }).kind).toBe('ActionEvent');
  });

  it('accepts nothing but a string for a string field, in lax mode too', () => {
    for (const input of [5, 1.5, true, null]) {
      expect(detailOf({ ...action, tool_name: input })).toEqual([
        { type: 'string_type', loc: ['tool_name'], msg: 'Input should be a valid string', input },
      ]);
    }
  });

  it('collapses repeated forgotten ids, as the service keeps them in a set', () => {
    const event = decodeEvent({ kind: 'Condensation', llm_response_id: 'r', forgotten_event_ids: ['b', 'a', 'b'] });
    expect(event.kind === 'Condensation' && event.forgotten_event_ids).toEqual(['b', 'a']);
  });

  it('keeps unknown nested kinds only when asked', () => {
    const client = { ...action, action: { kind: 'ClientAction_lookup', order: 7 } };
    expect(safeDecodeEvent(client).success).toBe(false);
    const lenient = decodeEvent(client, { unknownKinds: 'keep' });
    expect(lenient.kind === 'ActionEvent' && lenient.action).toEqual({ kind: 'ClientAction_lookup', order: 7 });
    // A known kind is still checked in full, and an unknown event kind is still an error.
    expect(safeDecodeEvent({ ...action, action: { kind: 'TerminalAction' } }, { unknownKinds: 'keep' }).success).toBe(false);
    expect(safeDecodeEvent({ kind: 'ClientEvent' }, { unknownKinds: 'keep' }).success).toBe(false);
  });

  it('never lets __proto__ keys pollute prototypes', () => {
    const hostile = JSON.parse('{"kind":"MessageEvent","source":"user","llm_message":{"role":"user","__proto__":{"polluted":true}}}');
    const event = decodeEvent(hostile);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(event.kind === 'MessageEvent' ? event.llm_message : {})).toBe(Object.prototype);
    expect(safeDecodeEvent(JSON.parse('{"kind":"PauseEvent","__proto__":{"x":1}}')).success).toBe(false);
  });
});

describe('decodeEvents', () => {
  it('decodes a batch all or nothing, with locations starting at the index', () => {
    expect(decodeEvents([message, action]).map((event) => event.kind)).toEqual(['MessageEvent', 'ActionEvent']);
    const result = safeDecodeEvents([message, { ...action, tool_name: 5 }]);
    expect(result.success).toBe(false);
    expect(result.detail).toEqual([{ type: 'string_type', loc: [1, 'tool_name'], msg: 'Input should be a valid string', input: 5 }]);
    expect(() => decodeEvents([message, {}])).toThrow(/validation error for Event batch/);
  });

  it('rejects a body that is not a list', () => {
    expect(safeDecodeEvents({ events: [] }).detail).toEqual([
      { type: 'list_type', loc: [], msg: 'Input should be a valid list', input: { events: [] } },
    ]);
  });
});
