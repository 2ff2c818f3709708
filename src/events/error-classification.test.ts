import { describe, expect, it } from 'vitest';
import { decodeEvent, safeDecodeEvent } from './decode';
import { agentErrorClassification, casefold, classifyError, conversationErrorClassification } from './error-classification';
import { fastDecodeEvent } from './generated/fast-decode';

const of = (kind: string, retryable: boolean, user_action: string) => ({ kind, retryable, user_action, error_id: null });
const AUTH = of('auth', false, 'settings');
const QUOTA = of('quota', false, 'settings');
const RATE_LIMIT = of('rate_limit', true, 'retry');
const CONFIG = of('config', false, 'settings');
const TRANSIENT = of('transient', true, 'retry');
const INTERNAL = of('internal', false, 'none');
const UNKNOWN = of('unknown', false, 'none');
const RECOVERABLE = of('agent_action', true, 'retry');
const OUTCOME = of('agent_action', false, 'none');

describe('classifyError', () => {
  // The test vectors of the service's own models.
  it.each([
    ['OpenAIError', 'Incorrect API key provided', AUTH],
    ['APIError', 'This request requires more credits', QUOTA],
    ['OpenAIError', 'Error code: 429', RATE_LIMIT],
    ['MaxBudgetReached', '', QUOTA],
    ['OpenRouterException', '', TRANSIENT],
    ['LLMBadRequestError', 'LLM Provider NOT provided', CONFIG],
    ['NoCondensationAvailableException', 'Streaming requires an on_token callback', INTERNAL],
    ['PydanticSerializationError', 'surrogates not allowed', INTERNAL],
    ['UnexpectedProviderError', '', UNKNOWN],
    ['MaxIterationsReached', 'Agent reached maximum iterations', OUTCOME],
    ['ConversationOwnershipLostError', '', OUTCOME],
    ['LLMContextWindowExceedError', '', RECOVERABLE],
    ['LLMMalformedConversationHistoryError', '', RECOVERABLE],
    ['KeyError', "'timeout_seconds'", INTERNAL],
    ['AssertionError', 'Tool result not found for call id abc123', INTERNAL],
    ['TypeError', 'connection error during call', INTERNAL],
    ['AttributeError', 'model not found in registry', INTERNAL],
    ['HTTPStatusError', 'Connection reset for request req_814295af', TRANSIENT],
    ['UnexpectedError', 'model not found', CONFIG],
  ])('%s, %j', (code, detail, expected) => {
    expect(classifyError(code, detail)).toEqual(expected);
  });

  it('checks authoritative codes first, then the detail, then generic wrapper codes', () => {
    expect(classifyError('LLMAuthenticationError', 'rate limit exceeded')).toEqual(AUTH);
    expect(classifyError('ACPAuthRequired')).toEqual(AUTH);
    expect(classifyError('LLMRateLimitError', 'invalid api key')).toEqual(RATE_LIMIT);
    expect(classifyError('OpenAIError', 'invalid api key')).toEqual(AUTH);
    expect(classifyError('OpenAIError', 'something odd')).toEqual(TRANSIENT);
    expect(classifyError('LibTmuxException', 'timeout')).toEqual(CONFIG);
  });

  it('compares codes exactly and the detail without case', () => {
    expect(classifyError('keyerror', '')).toEqual(UNKNOWN);
    expect(classifyError(' KeyError', '')).toEqual(UNKNOWN);
    expect(classifyError('X', 'UNAUTHORIZED')).toEqual(AUTH);
    expect(classifyError('X', '{"status": 401}')).toEqual(AUTH);
    expect(classifyError('X', '{"status":401}')).toEqual(UNKNOWN);
    expect(classifyError('X', 'Error code: 503 - upstream')).toEqual(TRANSIENT);
    expect(classifyError('X', 'daily quota reached')).toEqual(QUOTA);
    expect(classifyError('X', 'PowerShell is not available')).toEqual(CONFIG);
    expect(classifyError('X', 'duplicate tool names: a')).toEqual(INTERNAL);
  });

  it('folds case as Python does: ſ, ß, ligatures and ŉ reach ASCII words that toLowerCase misses', () => {
    // "ſervice temporarily unavailable" with a long s.
    expect(classifyError('X', '\u017fervice temporarily unavailable')).toEqual(TRANSIENT);
    expect('\u017fervice'.toLowerCase()).not.toContain('service');
    expect(classifyError('X', 'Cloud\uFB02are 1020')).toEqual(TRANSIENT);
    expect(classifyError('X', 'in\uFB01nite loop')).toEqual(UNKNOWN);
    expect(classifyError('X', 'connection clo\u017fed')).toEqual(TRANSIENT);
    expect(classifyError('X', '\u0149o models loaded')).toEqual(CONFIG);
    expect(casefold('STRA\u1E9EE \u00DF \uFB00 \uFB03 \uFB05')).toBe('strasse ss ff ffi st');
  });

  it('never sets error_id, and returns a fresh object each time', () => {
    const first = classifyError('X', '');
    const second = classifyError('X', '');
    expect(first).not.toBe(second);
    expect(first.error_id).toBeNull();
  });
});

describe('the classifications the error events get when they have none', () => {
  it('an agent error is unknown, whatever its text', () => {
    expect(agentErrorClassification({ error: 'invalid api key' })).toEqual(UNKNOWN);
  });

  it('a conversation error is classified from its code and detail', () => {
    expect(conversationErrorClassification({ code: 'OpenAIError', detail: 'Error code: 429' })).toEqual(RATE_LIMIT);
  });
});

describe('decoding the error events', () => {
  const agentError = {
    kind: 'AgentErrorEvent',
    id: 'e1',
    timestamp: '2026-06-16T05:39:18',
    tool_name: 't',
    tool_call_id: 'c',
    error: 'invalid api key',
  };
  const conversationError = {
    kind: 'ConversationErrorEvent',
    id: 'e2',
    timestamp: '2026-06-16T05:39:18',
    source: 'agent',
    code: 'OpenAIError',
    detail: 'Error code: 429',
  };

  it('fills a missing or null classification as the models do, between the own fields and kind', () => {
    for (const extra of [{}, { classification: null }]) {
      const agent = decodeEvent({ ...agentError, ...extra });
      expect(agent.kind === 'AgentErrorEvent' && agent.classification).toEqual(UNKNOWN);
      expect(Object.keys(agent).slice(-2)).toEqual(['classification', 'kind']);
      const conversation = decodeEvent({ ...conversationError, ...extra });
      expect(conversation.kind === 'ConversationErrorEvent' && conversation.classification).toEqual(RATE_LIMIT);
    }
  });

  it('keeps a given classification as given, with its defaults and lax booleans', () => {
    const given = decodeEvent({ ...conversationError, classification: { kind: 'auth', retryable: 'yes' } });
    expect(given.kind === 'ConversationErrorEvent' && given.classification).toEqual({
      kind: 'auth',
      retryable: true,
      user_action: 'none',
      error_id: null,
    });
  });

  it('refuses a classification as the service does', () => {
    const detail = (classification: unknown) => safeDecodeEvent({ ...agentError, classification }).detail;
    expect(detail({ kind: 'nope', retryable: false })?.[0]).toMatchObject({ type: 'enum', loc: ['classification', 'kind'] });
    expect(detail({ kind: 'auth', retryable: false, user_action: 'later' })?.[0]).toMatchObject({
      type: 'literal_error',
      loc: ['classification', 'user_action'],
    });
    expect(detail({ kind: 'auth', retryable: false, extra: 1 })?.[0]).toMatchObject({
      type: 'extra_forbidden',
      loc: ['classification', 'extra'],
    });
    expect(detail({ kind: 'auth' })?.[0]).toMatchObject({ type: 'missing', loc: ['classification', 'retryable'] });
    expect(detail('auth')?.[0]).toMatchObject({ type: 'model_type', loc: ['classification'], ctx: { class_name: 'ErrorClassification' } });
  });

  it('the single-pass decoder fills the same', () => {
    const fast = fastDecodeEvent(conversationError, false) as Record<string, unknown>;
    expect(fast.classification).toEqual(RATE_LIMIT);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(decodeEvent(conversationError)));
  });
});
