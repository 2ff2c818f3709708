import { describe, expect, it } from 'vitest';
import { decodeEvent, safeDecodeEvent } from './decode';
import { encodeEvent } from './encode';
import { ACTION_KINDS, EVENT_KINDS, OBSERVATION_KINDS } from './generated/kinds';
import { unknownKindMessage } from './kind-union';

const systemPrompt = (tools: unknown[]) => ({ kind: 'SystemPromptEvent', source: 'agent', system_prompt: { text: 'be brief' }, tools });
const terminal = (extra: Record<string, unknown> = {}) => ({
  kind: 'TerminalTool',
  description: 'Run commands',
  action_type: 'TerminalAction',
  ...extra,
});

function toolsOf(input: unknown) {
  const event = decodeEvent(input);
  if (event.kind !== 'SystemPromptEvent') throw new Error('expected a SystemPromptEvent');
  return event.tools;
}

const detailOf = (input: unknown, options?: Parameters<typeof safeDecodeEvent>[1]) => safeDecodeEvent(input, options).detail;

describe('unknown kinds', () => {
  it('are named as Python prints them, against the whole family', () => {
    const list = `[${EVENT_KINDS.map((kind) => `'${kind}'`).join(', ')}]`;
    expect(unknownKindMessage('Event', EVENT_KINDS, 'Nope')).toBe(
      `Value error, Unknown kind 'Nope' for openhands.sdk.event.base.Event; Expected one of: ${list}`,
    );
    expect(unknownKindMessage('Event', EVENT_KINDS, undefined)).toContain("Unknown kind ''");
    expect(unknownKindMessage('Event', EVENT_KINDS, null)).toContain("Unknown kind ''");
    expect(unknownKindMessage('Event', EVENT_KINDS, 5)).toContain("Unknown kind '5'");
    expect(unknownKindMessage('Event', EVENT_KINDS, false)).toContain("Unknown kind 'False'");
    expect(unknownKindMessage('Event', EVENT_KINDS, 1e-7)).toContain("Unknown kind '1e-07'");
    expect(unknownKindMessage('Event', EVENT_KINDS, ['a', 1, null])).toContain("Unknown kind '['a', 1, None]'");
    expect(unknownKindMessage('Action', ACTION_KINDS, 'X')).toContain('for openhands.sdk.tool.schema.Action; Expected one of: [');
  });

  it('of a nested action are reported at the action, which is echoed without its kind', () => {
    const event = {
      kind: 'ActionEvent',
      source: 'agent',
      thought: [],
      tool_name: 't',
      tool_call_id: 'c',
      tool_call: { id: 'c', name: 't', arguments: '{}', origin: 'completion' },
      llm_response_id: 'r',
      action: { kind: 'TerminalActionX', command: 'ls' },
    };
    expect(detailOf(event)).toEqual([
      {
        type: 'value_error',
        loc: ['action'],
        msg: unknownKindMessage('Action', ACTION_KINDS, 'TerminalActionX'),
        input: { command: 'ls' },
        ctx: { error: {} },
      },
    ]);
    // The input itself is left alone.
    expect(event.action.kind).toBe('TerminalActionX');
  });
});

describe('tool definitions', () => {
  it('must name a registered action kind in action_type', () => {
    const input = systemPrompt([
      terminal({ action_type: true }),
      terminal({ action_type: null }),
      terminal({ action_type: 7 }),
      terminal({ action_type: 'Action' }),
      terminal({ action_type: 'TerminalObservation' }),
    ]);
    const detail = detailOf(input) ?? [];
    expect(detail.map((item) => [item.type, item.loc, item.msg.slice(0, 90), item.input])).toEqual([
      [
        'assertion_error',
        ['tools', 0, 'action_type'],
        "Assertion failed, action_type must be a subclass of Action, but got <class 'bool'>",
        true,
      ],
      [
        'assertion_error',
        ['tools', 1, 'action_type'],
        "Assertion failed, action_type must be a subclass of Action, but got <class 'NoneType'>",
        null,
      ],
      [
        'assertion_error',
        ['tools', 2, 'action_type'],
        "Assertion failed, action_type must be a subclass of Action, but got <class 'int'>",
        7,
      ],
      ['value_error', ['tools', 3, 'action_type'], unknownKindMessage('Action', ACTION_KINDS, 'Action').slice(0, 90), 'Action'],
      [
        'value_error',
        ['tools', 4, 'action_type'],
        unknownKindMessage('Action', ACTION_KINDS, 'TerminalObservation').slice(0, 90),
        'TerminalObservation',
      ],
    ]);
    expect(detail.every((item) => JSON.stringify(item.ctx) === '{"error":{}}')).toBe(true);
  });

  it('may leave observation_type out or null, or name a registered observation kind', () => {
    const tools = toolsOf(
      systemPrompt([terminal(), terminal({ observation_type: null }), terminal({ observation_type: 'TerminalObservation' })]),
    );
    expect(tools.map((tool) => tool.observation_type)).toEqual([null, null, 'TerminalObservation']);
    expect(detailOf(systemPrompt([terminal({ observation_type: 'TerminalAction' })]))).toEqual([
      {
        type: 'value_error',
        loc: ['tools', 0, 'observation_type'],
        msg: unknownKindMessage('Observation', OBSERVATION_KINDS, 'TerminalAction'),
        input: 'TerminalAction',
        ctx: { error: {} },
      },
    ]);
    expect(detailOf(systemPrompt([terminal({ observation_type: 1.5 })]))?.[0]?.msg).toBe(
      "Assertion failed, observation_type must be a subclass of Observation, but got <class 'float'>",
    );
  });

  it('take kinds no schema knows only under unknownKinds: keep', () => {
    const client = systemPrompt([
      {
        kind: 'ClientTool',
        description: 'Look up an order',
        action_type: 'ClientAction_lookup',
        client_tool_name: 'lookup',
        input_schema: {},
      },
    ]);
    expect(safeDecodeEvent(client).success).toBe(false);
    const event = decodeEvent(client, { unknownKinds: 'keep' });
    expect(event.kind === 'SystemPromptEvent' && event.tools[0]).toMatchObject({ action_type: 'ClientAction_lookup', title: 'lookup' });
  });

  it('carry the computed title after kind, and drop unknown keys', () => {
    const tools = toolsOf(
      systemPrompt([
        terminal({ zz_extra: 1 }),
        terminal({ annotations: { title: 'Shell' } }),
        terminal({ annotations: { title: '' } }),
        { kind: 'FileEditorTool', description: 'Edit', action_type: 'FileEditorAction' },
        { kind: 'BrowserToolSet', description: 'Browse', action_type: 'BrowserAction' },
        { kind: 'VisionInspectTool', description: 'Look', action_type: 'VisionInspectAction' },
        { kind: 'MCPToolDefinition', description: 'Fetch', action_type: 'MCPToolAction', mcp_tool: { name: 'fetch', inputSchema: {} } },
      ]),
    );
    expect(tools.map((tool) => tool.title)).toEqual([
      'terminal',
      'Shell',
      'terminal',
      'file_editor',
      'browser_tool_set',
      'inspect_image_with_vision',
      'fetch',
    ]);
    expect(Object.keys(tools[0] ?? {})).toEqual(['description', 'action_type', 'observation_type', 'annotations', 'meta', 'kind', 'title']);
    // A decoded tool encodes to itself: the title on input is ignored and computed again.
    const decoded = decodeEvent(systemPrompt([terminal()]));
    expect(encodeEvent(decoded)).toEqual(decoded);
  });
});
