import { describe, expect, it } from 'vitest';
import conversation from '../../../test/fixtures/conversation.json';
import sparse from '../../../test/fixtures/conversation-sparse.json';
import type { Event } from '../../events/index';
import { buildTranscript } from './transcript';
import type { MessageItem, RowItem, ToolItem } from './types';

const events = conversation as unknown as Event[];

/** An event of the kind, with the fields given (the viewer reads stored JSON, so no decoding here). */
const ev = (kind: string, id: string, parent: string | null, fields: Record<string, unknown>) =>
  ({ id, timestamp: '2026-06-16T05:40:00', source: 'agent', parent_id: parent, ...fields, kind }) as unknown as Event;

describe('buildTranscript', () => {
  it('reads the recorded conversation: header, messages, paired tool calls, rows, one branch', () => {
    const transcript = buildTranscript(events);
    expect(transcript.header?.systemPrompt).toBe('You are a careful software engineer working in a sandboxed repository.');
    expect(transcript.header?.tools.map((tool) => tool.name)).toEqual(['terminal', 'file_editor', 'task_tracker', 'finish']);
    expect(transcript.total).toBe(34);
    // The rejected call_4 and its rejection sit on the branch not shown.
    expect(transcript.shown).toBe(32);
    expect(
      transcript.items.map((item) =>
        item.type === 'tool' ? `tool:${item.toolCallId}` : item.type === 'row' ? `row:${item.label}` : item.type,
      ),
    ).toEqual([
      'row:hook',
      'message',
      'row:state',
      'tool:call_1',
      'tool:call_2',
      'tool:call_3',
      'branch',
      'tool:call_5',
      'row:error',
      'tool:call_7',
      'row:hook',
      'tool:call_8',
      'row:condense',
      'row:condensed',
      'row:summary',
      'row:state',
      'row:error',
      'row:paused',
      'row:state',
      'message',
      'row:state',
      'tool:call_9',
      'message',
      'row:error',
      'row:state',
    ]);
  });

  it('pairs a command with its output, exit code, risk and thought', () => {
    const grep = buildTranscript(events).items.find((item) => item.type === 'tool' && item.toolCallId === 'call_2') as ToolItem;
    expect(grep).toMatchObject({
      tool: 'terminal',
      actionKind: 'TerminalAction',
      title: 'grep -rn "total" src/checkout',
      risk: 'LOW',
      status: 'completed',
      thought: 'Let me find the total computation and look at the cart module.',
      output: 'src/checkout/cart.ts:42:  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
      exitCode: 0,
      isError: false,
      resultId: '3f2bb277-4a09-414d-a333-5e1d000f11e1',
    });
    const edit = buildTranscript(events).items.find((item) => item.type === 'tool' && item.toolCallId === 'call_3') as ToolItem;
    expect(edit.title.startsWith('view /workspace/shop/')).toBe(true);
    // The finish call's result only echoes its message: shown once.
    const finish = buildTranscript(events).items.find((item) => item.type === 'tool' && item.toolCallId === 'call_9') as ToolItem;
    expect([finish.title, finish.output]).toEqual([
      'Fixed the checkout total to apply per-item discounts and added test/cart.test.ts.',
      '',
    ]);
  });

  it('shows the messages of user and agent, and the errors as rows', () => {
    const { items } = buildTranscript(events);
    const messages = items.filter((item): item is MessageItem => item.type === 'message');
    expect(messages.map((message) => [message.role, message.text])).toEqual([
      ['user', 'The checkout total ignores discounts. Please fix it and add a test.'],
      ['user', expect.any(String)],
      ['agent', 'Done: discounts are now applied and covered by a test.'],
    ]);
    expect(messages[2]?.skills).toEqual(['testing']);
    const errors = items.filter((item): item is RowItem => item.type === 'row' && item.isError).map((row) => row.text);
    expect(errors).toEqual([
      'AgentErrorEvent (file_editor): Error validating tool arguments: missing required field "path" for command "create".',
      'ServerErrorEvent: MCPConnectionError — The tool server at http://127.0.0.1:8931 did not answer within 30 s.',
      'ConversationErrorEvent: SandboxStopped — The sandbox was stopped after the conversation finished.',
    ]);
  });

  it('switches to the other branch on request, with the rejected action as a compact row', () => {
    const [first] = buildTranscript(events).items.filter((item) => item.type === 'branch');
    expect(first?.type === 'branch' && first.options.map((option) => [option.label, option.events, option.selected])).toEqual([
      ['terminal: rm -rf node_modules && npm install', 2, false],
      ['file_editor: str_replace /workspace/shop/src/checkout/cart.ts', 22, true],
    ]);
    const other = first?.type === 'branch' ? first.options[0]?.id : undefined;
    const switched = buildTranscript(events, { [first?.id ?? '']: other ?? '' });
    expect(switched.shown).toBe(12);
    const rejected = switched.items.at(-1) as RowItem;
    expect([rejected.label, rejected.text]).toEqual([
      'rejected',
      'terminal: rm -rf node_modules && npm install — rejected: No need to reinstall; just fix the function.',
    ]);
  });

  it('reads the sparse form (nulls and defaults left out) the same way', () => {
    const full = buildTranscript(events);
    const lean = buildTranscript(sparse as unknown as Event[]);
    expect(lean.items.map((item) => item.type)).toEqual(full.items.map((item) => item.type));
    expect(lean.shown).toBe(full.shown);
  });

  it('treats legacy events without parent_id as one chain, and "__root__" as a new root', () => {
    const legacy = [
      ev('MessageEvent', 'a', null, { source: 'user', llm_message: { role: 'user', content: [{ type: 'text', text: 'hi' }] } }),
      ev('MessageEvent', 'b', null, { llm_message: { role: 'assistant', content: [{ type: 'text', text: 'hello' }] } }),
      ev('PauseEvent', 'c', '__root__', { source: 'user' }),
    ];
    const transcript = buildTranscript(legacy);
    expect(transcript.items.map((item) => item.type)).toEqual(['message', 'message', 'row']);
    expect(transcript.items.some((item) => item.type === 'branch')).toBe(false);
  });

  it('keeps a pending call pending, and images only with safe URLs', () => {
    const transcript = buildTranscript([
      ev('MessageEvent', 'm', null, {
        source: 'user',
        llm_message: {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            {
              type: 'image',
              image_urls: [
                'https://example.com/a.png',
                'data:image/png;base64,iVBORw0KGgo=',
                'javascript:alert(1)',
                'data:image/svg+xml;base64,PHN2Zz4=',
              ],
            },
          ],
        },
      }),
      ev('ActionEvent', 'x', 'm', {
        tool_name: 'terminal',
        tool_call_id: 'c1',
        llm_response_id: 'r',
        action: { kind: 'TerminalAction', command: 'sleep 100' },
      }),
    ]);
    const [message, tool] = transcript.items as [MessageItem, ToolItem];
    expect(message.images.map((image) => image.url)).toEqual(['https://example.com/a.png', 'data:image/png;base64,iVBORw0KGgo=']);
    expect(message.hiddenImages).toBe(2);
    expect([tool.status, tool.title, tool.risk, tool.output]).toEqual(['pending', 'sleep 100', 'UNKNOWN', '']);
  });

  it('strips ANSI escapes from output (the page shows a lone control character as an escape)', () => {
    const transcript = buildTranscript([
      ev('ActionEvent', 'x', null, {
        tool_name: 'terminal',
        tool_call_id: 'c1',
        llm_response_id: 'r',
        action: { kind: 'TerminalAction', command: 'ls\u001b[31m' },
      }),
      ev('ObservationEvent', 'y', 'x', {
        tool_name: 'terminal',
        tool_call_id: 'c1',
        action_id: 'x',
        observation: {
          kind: 'TerminalObservation',
          is_error: true,
          exit_code: 2,
          content: [{ type: 'text', text: '\u001b[1;31merror\u001b[0m\u0007 \u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\' }],
        },
      }),
    ]);
    const tool = transcript.items[0] as ToolItem;
    expect([tool.title, tool.output, tool.isError, tool.exitCode]).toEqual(['ls', 'error\u0007 link', true, 2]);
  });
});
