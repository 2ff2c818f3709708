/**
 * The `classification` of the two error events, as the service's models fill it in when the sender
 * leaves it out (or sends `null`): an agent error is always `unknown`; a conversation error is
 * classified from its `code` and `detail` by {@link classifyError}.
 * @module
 */
import type { ErrorClassification } from './generated/objects/error-classification';
import type { FailureKind } from './generated/objects/failure-kind';

type UserAction = ErrorClassification['user_action'];

const classification = (kind: FailureKind, retryable: boolean, user_action: UserAction): ErrorClassification => ({
  kind,
  retryable,
  user_action,
  error_id: null,
});

// Characters whose Unicode case folding (Python's `str.casefold()`) differs from `toLowerCase()`
// in a way an ASCII token can see: they fold to text holding ASCII letters. For every other
// character the two agree wherever the result holds ASCII.
const FOLDS: Readonly<Record<string, string>> = {
  '\u00df': 'ss', // ß (ẞ lowercases to it)
  '\u0149': '\u02bcn', // ŉ
  '\u017f': 's', // ſ, the long s
  '\u01f0': 'j\u030c', // ǰ
  '\u1e96': 'h\u0331', // ẖ
  '\u1e97': 't\u0308', // ẗ
  '\u1e98': 'w\u030a', // ẘ
  '\u1e99': 'y\u030a', // ẙ
  '\u1e9a': 'a\u02be', // ẚ
  '\ufb00': 'ff',
  '\ufb01': 'fi',
  '\ufb02': 'fl',
  '\ufb03': 'ffi',
  '\ufb04': 'ffl',
  '\ufb05': 'st',
  '\ufb06': 'st',
};
const FOLDED = /[\u00df\u0149\u017f\u01f0\u1e96-\u1e9a\ufb00-\ufb06]/g;
// The same characters, for a test: a replace with a function costs several times a test even when
// nothing matches, and most texts hold none of them.
const HAS_FOLDED = /[\u00df\u0149\u017f\u01f0\u1e96-\u1e9a\ufb00-\ufb06]/;

/**
 * `text` case-folded as Python's `str.casefold()` folds it, as far as ASCII tokens can tell:
 * `toLowerCase()`, then `ß` (and `ẞ`, which lowercases to it) → `ss`, `ſ` → `s`, the ligatures
 * `ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ` → `ff fi fl ffi ffl st st`, and the few letters whose folding splits off an
 * ASCII letter (`ŉ` → `ʼn`).
 */
export function casefold(text: string): string {
  const lower = text.toLowerCase();
  return HAS_FOLDED.test(lower) ? lower.replace(FOLDED, (char) => FOLDS[char] ?? char) : lower;
}

// Codes whose name alone decides, checked before the detail (exact, case-sensitive), in one map:
// one lookup of the code instead of one per group (no code is in two groups).
const DECIDING_CODES: readonly (readonly [readonly string[], () => ErrorClassification])[] = [
  [['LLMAuthenticationError', 'ACPAuthRequired'], () => classification('auth', false, 'settings')],
  [['LLMRateLimitError'], () => classification('rate_limit', true, 'retry')],
  [['MaxBudgetReached'], () => classification('quota', false, 'settings')],
  [
    ['LLMBadRequestError', 'ACPInitError', 'ACPSpawnError', 'ACPPromptError', 'NotFoundError', 'LibTmuxException'],
    () => classification('config', false, 'settings'),
  ],
  [['LLMContextWindowExceedError', 'LLMMalformedConversationHistoryError'], () => classification('agent_action', true, 'retry')],
  [['MaxIterationsReached', 'ConversationOwnershipLostError'], () => classification('agent_action', false, 'none')],
  [
    ['KeyError', 'AssertionError', 'PydanticSerializationError', 'AttributeError', 'TypeError'],
    () => classification('internal', false, 'none'),
  ],
];
const BY_CODE: ReadonlyMap<string, () => ErrorClassification> = /* @__PURE__ */ new Map(
  DECIDING_CODES.flatMap(([codes, result]) => codes.map((code) => [code, result] as const)),
);
// Generic wrapper codes, which decide only when the detail did not.
const TRANSIENT_CODES = new Set([
  'LLMServiceUnavailableError',
  'LLMTimeoutError',
  'ReadTimeout',
  'LLMNoResponseError',
  'MCPTimeoutError',
  'BadGatewayError',
  'HTTPStatusError',
  'RequestError',
  'CloudflareError',
  'OpenAIError',
  'APIError',
  'BaseLLMException',
  'AnthropicError',
  'OpenRouterException',
  'OllamaError',
]);

// Substrings of the case-folded detail, by what they mean, in the order they are tried.
const DETAIL_TOKENS: readonly (readonly [readonly string[], () => ErrorClassification])[] = [
  [
    [
      'invalid api key',
      'incorrect api key',
      'authentication required',
      'invalid bearer token',
      'invalid proxy server token',
      'unauthorized',
      'error code: 401',
      'status": 401',
      'token_not_found',
      'api key is missing',
    ],
    () => classification('auth', false, 'settings'),
  ],
  [
    ['weekly usage limit', 'daily quota', 'session usage limit', 'insufficient balance', 'more credits', 'budget has been exceeded'],
    () => classification('quota', false, 'settings'),
  ],
  [['rate limit', 'error code: 429', 'status": 429'], () => classification('rate_limit', true, 'retry')],
  [
    [
      'provider not provided',
      'no models loaded',
      'does not support thinking',
      'model is no longer available',
      'model not found',
      'invalid params',
      'inactive_service',
      'powershell is not available',
    ],
    () => classification('config', false, 'settings'),
  ],
  [
    [
      'timeout',
      'connection error',
      'connection closed',
      'service temporarily unavailable',
      'bad gateway',
      'cloudflare',
      'cannot connect',
      'name or service not known',
      'error code: 5',
    ],
    () => classification('transient', true, 'retry'),
  ],
  [
    ['on_token callback', 'duplicate tool names', 'list_tools', 'on_tools_changed', 'surrogates not allowed'],
    () => classification('internal', false, 'none'),
  ],
];

/** A pattern matching any of `tokens` (plain text: none holds a character special in a pattern). */
const anyOf = (tokens: readonly string[]): RegExp => new RegExp(tokens.join('|'));

// One scan tells whether the detail holds any token at all (most details hold none); only then is
// each meaning tried in order. A pattern scans long texts far faster than one search per token.
const DETAIL_RULES = /* @__PURE__ */ DETAIL_TOKENS.map(([tokens, result]) => [anyOf(tokens), result] as const);
const ANY_TOKEN = /* @__PURE__ */ anyOf(DETAIL_TOKENS.flatMap(([tokens]) => tokens));

/**
 * Classifies an error by its `code` (typically an exception's class name) and `detail` (its
 * message), as the service does for a `ConversationErrorEvent` that arrives without a
 * classification. Codes whose name alone decides come first (`LLMAuthenticationError` → `auth`,
 * `MaxBudgetReached` → `quota`, `KeyError` → `internal`, …); then words of the detail, compared
 * case-insensitively (`"invalid api key"` → `auth`, `"rate limit"` → `rate_limit`, `"timeout"` →
 * `transient`, …); then generic wrapper codes (`OpenAIError`, `HTTPStatusError`, …) → `transient`;
 * anything else is `unknown`. The result never has an `error_id`.
 *
 * ```ts
 * classifyError('OpenAIError', 'Error code: 429'); // { kind: 'rate_limit', retryable: true, user_action: 'retry', error_id: null }
 * ```
 */
export function classifyError(code: string, detail = ''): ErrorClassification {
  const decided = BY_CODE.get(code);
  if (decided !== undefined) return decided();
  const text = casefold(detail);
  if (ANY_TOKEN.test(text)) {
    for (const [pattern, result] of DETAIL_RULES) if (pattern.test(text)) return result();
  }
  if (TRANSIENT_CODES.has(code)) return classification('transient', true, 'retry');
  return classification('unknown', false, 'none');
}

/** The classification the service gives an `AgentErrorEvent` without one: `unknown`, whatever the error says. */
export function agentErrorClassification(_event: Record<string, unknown>): ErrorClassification {
  return classification('unknown', false, 'none');
}

/** The classification the service gives a `ConversationErrorEvent` without one: {@link classifyError} of its `code` and `detail`. */
export function conversationErrorClassification(event: Record<string, unknown>): ErrorClassification {
  return classifyError(event.code as string, event.detail as string);
}
