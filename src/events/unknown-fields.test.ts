import { describe, expect, it } from 'vitest';
import { actionEvent, messageEvent } from '../../test/helpers/events';
import { decodeEvent, safeDecodeEvent, safeDecodeEvents } from './decode';
import { encodeEvent } from './encode';

const KEEP = { unknownFields: 'keep' } as const;
const agentError = {
  kind: 'AgentErrorEvent',
  id: 'e1',
  timestamp: '2026-06-16T05:39:18',
  tool_name: 'terminal',
  tool_call_id: 'c1',
  error: 'boom',
};
const systemPrompt = {
  kind: 'SystemPromptEvent',
  id: 's1',
  timestamp: '2026-06-16T05:39:18',
  system_prompt: { type: 'text', text: 'be nice' },
  tools: [{ kind: 'FinishTool', description: 'finish', action_type: 'FinishAction', title: 'done?' }],
};

describe("unknownFields: 'reject' (the default)", () => {
  it('refuses a key a closed model does not define, as the service does', () => {
    const result = safeDecodeEvent({ ...agentError, retry_after: 5 });
    expect(result.success).toBe(false);
    expect(result.detail).toEqual([{ type: 'extra_forbidden', loc: ['retry_after'], msg: 'Extra inputs are not permitted', input: 5 }]);
  });

  it('drops a key an open model does not define, silently', () => {
    const event = messageEvent('hi');
    const result = safeDecodeEvent({ ...event, llm_message: { ...event.llm_message, mood: 'good' } });
    expect(result.success && result.output.kind === 'MessageEvent' && 'mood' in result.output.llm_message).toBe(false);
    expect(result.unknownFields).toBeUndefined();
  });
});

describe("unknownFields: 'keep'", () => {
  it('keeps a key of a closed model after its fields and before kind, and reports it', () => {
    const result = safeDecodeEvent({ retry_after: 5, ...agentError, hint: 'x' }, KEEP);
    expect(result.success).toBe(true);
    expect(Object.keys(result.output ?? {})).toEqual([
      'id',
      'timestamp',
      'source',
      'parent_id',
      'tool_name',
      'tool_call_id',
      'error',
      'classification',
      'retry_after',
      'hint',
      'kind',
    ]);
    expect(result.unknownFields).toEqual([
      { model: 'AgentErrorEvent', key: 'retry_after', path: ['retry_after'] },
      { model: 'AgentErrorEvent', key: 'hint', path: ['hint'] },
    ]);
  });

  it('keeps keys anywhere: actions, open models, the classification; each reported at its place', () => {
    const action = actionEvent();
    const input = {
      ...action,
      tool_call: { ...action.tool_call, index: 0 },
      action: { ...action.action, sandbox: true },
    };
    const result = safeDecodeEvent(input, KEEP);
    expect(result.success).toBe(true);
    expect(result.output?.kind === 'ActionEvent' && result.output.action).toMatchObject({
      command: 'ls',
      sandbox: true,
      kind: 'TerminalAction',
    });
    expect(result.unknownFields).toEqual([
      { model: 'MessageToolCall', key: 'index', path: ['tool_call', 'index'] },
      { model: 'TerminalAction', key: 'sandbox', path: ['action', 'sandbox'] },
    ]);
    const classified = safeDecodeEvent({ ...agentError, classification: { kind: 'auth', retryable: false, severity: 'high' } }, KEEP);
    expect(classified.output).toMatchObject({
      classification: { kind: 'auth', retryable: false, user_action: 'none', error_id: null, severity: 'high' },
    });
    expect(classified.unknownFields).toEqual([{ model: 'ErrorClassification', key: 'severity', path: ['classification', 'severity'] }]);
  });

  it('puts the batch index first in a batch', () => {
    const result = safeDecodeEvents([messageEvent('a'), { ...agentError, extra: 1 }], KEEP);
    expect(result.unknownFields).toEqual([{ model: 'AgentErrorEvent', key: 'extra', path: [1, 'extra'] }]);
  });

  it('reports nothing, and leaves the field out, when every key is known', () => {
    const result = safeDecodeEvent(agentError, KEEP);
    expect(result.success).toBe(true);
    expect('unknownFields' in result).toBe(false);
  });

  it("does not count a tool's computed title, or a deprecated key the service removes, as unknown", () => {
    const result = safeDecodeEvent(systemPrompt, KEEP);
    expect(result.unknownFields).toBeUndefined();
    expect(result.output?.kind === 'SystemPromptEvent' && result.output.tools[0]?.title).toBe('finish');
    const message = messageEvent('hi');
    const withDeprecated = { ...message, llm_message: { ...message.llm_message, vision_enabled: true } };
    expect(safeDecodeEvent(withDeprecated, KEEP).unknownFields).toBeUndefined();
  });

  it('forgets a key kept by a union member that did not match', () => {
    const message = messageEvent('hi');
    const image = { type: 'image', image_urls: ['https://x/a.png'], alt: 'a cat' };
    const result = safeDecodeEvent({ ...message, llm_message: { ...message.llm_message, content: [image] } }, KEEP);
    expect(result.unknownFields).toEqual([{ model: 'ImageContent', key: 'alt', path: ['llm_message', 'content', 0, 'alt'] }]);
  });

  it('still refuses a key named like a prototype member on a closed model, and drops it on an open one', () => {
    const closed = JSON.parse('{"kind":"PauseEvent","__proto__":{"x":1}}') as unknown;
    expect(safeDecodeEvent(closed, KEEP).detail?.[0]).toMatchObject({ type: 'extra_forbidden', loc: ['__proto__'] });
    const event = messageEvent('hi');
    const open = { ...event, llm_message: JSON.parse('{"role":"user","content":[],"constructor":1}') as unknown };
    const result = safeDecodeEvent(open, KEEP);
    expect(result.success).toBe(true);
    expect(result.unknownFields).toBeUndefined();
  });

  it('encodeEvent writes kept keys back, so a newer field survives decode and encode', () => {
    const decoded = decodeEvent({ ...agentError, retry_after: 5 }, KEEP);
    const encoded = encodeEvent(decoded) as unknown as Record<string, unknown>;
    expect(encoded.retry_after).toBe(5);
    expect(Object.keys(encoded).slice(-2)).toEqual(['retry_after', 'kind']);
    expect(JSON.stringify(encodeEvent(JSON.parse(JSON.stringify(encoded)) as typeof decoded))).toBe(JSON.stringify(encoded));
  });

  it('never modifies its input', () => {
    const input = { ...agentError, classification: { kind: 'quota', retryable: 'yes', note: 1 }, extra: [1] };
    const copy = structuredClone(input);
    safeDecodeEvent(input, KEEP);
    expect(input).toEqual(copy);
  });
});
