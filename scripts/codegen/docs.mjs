// @ts-check
// Hand-written doc comments for the generated event and sub-object types. Everything else
// gets a short generic comment. Keep these in agentwire's own words.

/**
 * Comments on whole types, by TypeScript name.
 * @type {Record<string, string>}
 */
export const TYPE_DOCS = {
  ServerErrorEvent:
    'A failure of the server environment rather than of the conversation: a tool server that cannot be reached, a broken WebSocket, or another infrastructure problem.',
  ACPToolCallEvent:
    'A tool call that an external agent-protocol (ACP) server executed. It is informational and never becomes part of the messages sent to the LLM.',
  Condensation:
    'The condenser shrank the view given to the LLM: the listed events are forgotten, and an optional summary takes their place.',
  CondensationRequest: 'Asks the condenser to condense the conversation history at the next opportunity.',
  CondensationSummaryEvent: 'Carries the summary text that a condensation produced.',
  ConversationErrorEvent:
    'A conversation-level failure that stopped the run loop (or a run that failed out of band). It is meant for client applications to show an error state; it is never sent to the LLM.',
  ConversationStateUpdateEvent:
    'Sent whenever the conversation state changes, so remote clients stay in sync without polling. `key` names the state field (or a full snapshot) and `value` holds its serialized value.',
  HookExecutionEvent:
    'Emitted each time a hook runs (PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, SessionEnd or Stop), with its outcome.',
  LLMCompletionLogEvent:
    'Completion log data streamed to the client instead of a log file, when a remote conversation logs its LLM completions.',
  ActionEvent:
    'The agent called a tool. `tool_call` keeps the raw LLM tool call; `action` is the parsed action (null when the call cannot be executed). Its result arrives later as an ObservationEvent, UserRejectObservation or AgentErrorEvent with the same `tool_call_id`.',
  MessageEvent: 'A message from the user or the agent that is not a tool call.',
  AgentErrorEvent:
    'A tool-level error produced by the agent scaffold (for example a tool call that could not be parsed). The conversation goes on; the error is shown to the LLM as the tool result.',
  ObservationEvent: 'The result of executing an action, linked to it by `tool_call_id` and `action_id`.',
  UserRejectObservation:
    'An action that did not run: the user rejected it in confirmation mode, or a PreToolUse hook blocked it (`rejection_source`).',
  SystemPromptEvent: 'The system prompt the agent starts with, and the tools it offers to the LLM.',
  StreamingDeltaEvent:
    'A transient token delta for live subscribers. It is never persisted: a client that reconnects gets the final MessageEvent from history but none of the deltas.',
  TokenEvent: 'The token ids of one LLM interaction, as reported by a model-serving engine.',
  InterruptEvent:
    'Cancels the in-flight LLM call at once and pauses the conversation (a PauseEvent, by contrast, takes effect between agent steps).',
  PauseEvent: 'Pauses the conversation once the current agent step has finished.',

  TextContent: 'A block of text in a message or tool result.',
  ImageContent: 'One or more images (URLs or data URLs) in a message or tool result.',
  ThinkingBlock: 'An extended-thinking block returned by the LLM, with its signature.',
  RedactedThinkingBlock: 'A thinking block whose content the LLM provider redacted; `data` is opaque.',
  ReasoningItemModel: 'A reasoning item from a Responses-style LLM API. `encrypted_content` must never be logged or rendered.',
  MessageToolCall:
    'A tool call exactly as the LLM returned it. `arguments` is a string holding JSON; `origin` says which LLM API produced it.',
  SecurityRisk: 'The risk an action carries, as assessed by the LLM, from lowest to highest.',
  CriticResult: "A critic's evaluation: `score` is the predicted probability of success, from 0 to 1.",
  Message: 'A message in the LLM conversation. Unknown keys are dropped, as the service ignores them.',
  TaskItem: 'One entry of a task list kept by the task tracker tool.',
  Commit: 'A set of file changes, keyed by path.',
  FileChange: 'One file change inside a {@link Commit}.',
  FileChangeType: 'What a {@link FileChange} does to its file.',
  FileEntry: 'A file or directory in a directory listing.',
  CmdOutputMetadata: 'Facts about the shell after a terminal command ran: exit code, process, user, host, working directory.',
  ToolAnnotations: 'Hints about how a tool behaves (read-only, destructive, idempotent, open-world).',
  McpTool: 'A tool definition as an MCP server describes it.',
  McpToolAnnotations: 'The hints an MCP server gives about one of its tools.',
  Icon: 'An icon an MCP server offers for a tool.',
  ToolExecution: 'How an MCP tool prefers to be executed.',

  Event: 'Any of the 19 event kinds, discriminated by `kind`.',
  Action: 'Any of the action kinds an {@link ActionEvent} can carry, discriminated by `kind`.',
  Observation: 'Any of the observation kinds an {@link ObservationEvent} can carry, discriminated by `kind`.',
  ToolDefinition:
    'Any of the tool-definition kinds a {@link SystemPromptEvent} lists, discriminated by `kind`. The wire form has no `name`.',
};

/**
 * Comments on fields common to every event.
 * @type {Record<string, string>}
 */
const COMMON = {
  id: 'Unique event id, in practice a hyphenated UUID4. Any string but the reserved `"__root__"`; filled with a fresh UUID4 when absent.',
  timestamp:
    'When the event happened: naive ISO-8601 local time without zone (`2026-06-16T05:39:18.809928`), kept as the string the service sent. Filled with the current local time when absent.',
  source: 'Who produced the event: `agent`, `user`, `environment` or `hook`.',
  parent_id:
    'The parent event in the conversation tree. `null` for a root or for legacy events that predate the tree; events that share a parent are sibling branches; `"__root__"` marks an explicit new root.',
};

/**
 * Comments on fields, by `Type.field` (`COMMON` holds the fields every event has).
 * @type {Record<string, string>}
 */
export const FIELD_DOCS = {
  'ServerErrorEvent.code': 'The error type.',
  'ServerErrorEvent.detail': 'What went wrong.',
  'ACPToolCallEvent.tool_call_id': 'The id of the tool call on the ACP server.',
  'ACPToolCallEvent.title': 'A human-readable title of the call.',
  'ACPToolCallEvent.is_error': 'True when the call failed.',
  'Condensation.forgotten_event_ids':
    'Ids of the events removed from the view given to the LLM. A set: repeated ids are accepted and kept once, in the order they first appear.',
  'Condensation.summary': 'The summary that replaces the forgotten events, if any.',
  'Condensation.summary_offset':
    'Where the summary is inserted in the resulting view (an index, at least 0). When null the summary is not inserted.',
  'Condensation.llm_response_id': 'The LLM response that produced this condensation.',
  'CondensationSummaryEvent.summary': 'The summary text.',
  'ConversationErrorEvent.code': 'The error type.',
  'ConversationErrorEvent.detail': 'What went wrong.',
  'ConversationStateUpdateEvent.key': 'The state field this update is about; a fresh UUID4 when absent.',
  'ConversationStateUpdateEvent.value': 'The serialized new value.',
  'HookExecutionEvent.hook_event_type': 'Which hook point ran.',
  'HookExecutionEvent.hook_command': 'The command the hook ran.',
  'HookExecutionEvent.tool_name': 'The tool concerned, for PreToolUse and PostToolUse hooks.',
  'HookExecutionEvent.blocked': 'True when the hook blocked the operation (exit code 2, or a deny decision).',
  'HookExecutionEvent.exit_code': "The hook's exit code.",
  'HookExecutionEvent.error': 'Why the hook failed, when it did.',
  'HookExecutionEvent.action_id': 'The action the hook ran for, if any.',
  'HookExecutionEvent.message_id': 'The message the hook ran for (UserPromptSubmit).',
  'LLMCompletionLogEvent.filename': 'The log file name, relative to the log directory.',
  'LLMCompletionLogEvent.log_data': 'The log entry, as a string holding JSON.',
  'ActionEvent.thought': 'What the agent thought before acting.',
  'ActionEvent.reasoning_content': 'Reasoning text from a reasoning model, if any.',
  'ActionEvent.thinking_blocks': 'Extended-thinking blocks from the LLM response.',
  'ActionEvent.action': 'The parsed action, or null when the tool call cannot be executed.',
  'ActionEvent.tool_name': 'The tool being called.',
  'ActionEvent.tool_call_id': 'The id the LLM gave this tool call; results refer back to it.',
  'ActionEvent.tool_call': 'A copy of the raw LLM tool call. It may differ from `action` (it can carry a predicted `security_risk`).',
  'ActionEvent.llm_response_id': 'The LLM response this action came from; parallel tool calls share it.',
  'ActionEvent.security_risk': "The LLM's assessment of the action's risk.",
  'ActionEvent.summary': 'A short (about ten words) description of the action.',
  'MessageEvent.llm_message': 'The exact LLM message.',
  'MessageEvent.llm_response_id': 'The LLM response this message came from; null unless `source` is `agent`.',
  'MessageEvent.activated_skills': 'Names of the skills this message activated.',
  'MessageEvent.extended_content': 'Content the agent context added to the message.',
  'MessageEvent.sender': 'Who sent the message, in multi-agent setups.',
  'AgentErrorEvent.error': 'The error message from the scaffold.',
  'ObservationEvent.observation': 'The result of the tool.',
  'ObservationEvent.action_id': 'The id of the ActionEvent this observes.',
  'ObservationEvent.extended_content': 'Content appended after the tool result.',
  'UserRejectObservation.rejection_reason': 'Why the action was rejected.',
  'UserRejectObservation.rejection_source': 'Who rejected it: the user, or a hook.',
  'UserRejectObservation.action_id': 'The id of the rejected ActionEvent.',
  'SystemPromptEvent.system_prompt': 'The system prompt.',
  'SystemPromptEvent.tools': 'The tools offered to the LLM.',
  'SystemPromptEvent.dynamic_context': 'Per-conversation context, sent as a second block of the system message.',
  'StreamingDeltaEvent.content': 'A delta of the response text.',
  'StreamingDeltaEvent.reasoning_content': 'A delta of the reasoning text.',
  'TokenEvent.prompt_token_ids': 'Token ids of the prompt.',
  'TokenEvent.response_token_ids': 'Token ids of the response.',
  'CriticResult.score': 'Predicted probability of success, from 0 to 1 inclusive.',
  'CriticResult.message': 'An explanation, or null.',
  'CriticResult.metadata': 'Extra details, such as event ids and categorized features.',
  'MessageToolCall.id': 'The canonical tool call id.',
  'MessageToolCall.responses_item_id': 'The Responses API item id, echoed verbatim on replay.',
  'MessageToolCall.arguments': 'The arguments, a string holding JSON.',
  'MessageToolCall.origin': 'Which LLM API produced the call.',
  'ReasoningItemModel.encrypted_content': 'Opaque encrypted reasoning. Never log or render it.',
  'ThinkingBlock.signature': 'The cryptographic signature of the block.',
  'FileEntry.modified_time':
    'When the entry was last modified, as the service writes a date-time (`2026-01-02T03:04:05.500000`, `Z` or an offset when zoned). Plain dates and Unix timestamps are accepted and converted.',
  'TaskAction.max_turns':
    'Deprecated and ignored by the service, which hides it from its OpenAPI document: an integer of at least 1, or null.',
  'TextContent.cache_prompt': 'Whether the LLM provider may cache the prompt up to this block.',
};

/**
 * The doc comment of a field, or undefined.
 * @param {string} typeName
 * @param {string} field
 * @param {boolean} isEvent
 */
export function fieldDoc(typeName, field, isEvent) {
  return FIELD_DOCS[`${typeName}.${field}`] ?? (isEvent ? COMMON[field] : undefined);
}
