/**
 * The viewer's view model: what the page shows, built from stored events by plain functions.
 * @module
 */

/** A conversation's state as far as its events tell. */
export type ConversationStatus = 'idle' | 'running' | 'paused' | 'waiting' | 'finished' | 'error' | 'stuck' | 'unknown';

/** An error event that makes a conversation stand out in the list. */
export interface ErrorBadge {
  /** `ConversationErrorEvent`, `AgentErrorEvent` or `ServerErrorEvent`. */
  kind: string;
  /** The event's `code` (the tool name for an AgentErrorEvent), when it has one. */
  code: string;
  /** The message, one line, cut short. */
  detail: string;
}

/** One line of the conversation list. */
export interface ConversationEntry {
  /** The conversation id. */
  id: string;
  /** The first user message, on one line and cut short (`''` until there is one). */
  title: string;
  /** Stored events. */
  events: number;
  /** The `timestamp` of the first and the last event (as stored), or `null`. */
  firstAt: string | null;
  lastAt: string | null;
  /** The latest execution status a ConversationStateUpdateEvent (or a pause, or a finish) announced. */
  status: ConversationStatus;
  /** Error events, counted by kind. */
  errors: number;
  /** The latest error event, for the badge. */
  lastError: ErrorBadge | undefined;
}

/** An image of a message or a tool result: shown only when its URL is http(s) or a raster data URL. */
export interface ImageView {
  /** The URL, already checked. */
  url: string;
}

/** A user's or the agent's message. */
export interface MessageItem {
  type: 'message';
  /** The event id. */
  id: string;
  timestamp: string;
  /** `user` or `agent` (or the event's other source). */
  role: string;
  /** The message text, ANSI and controls stripped. */
  text: string;
  images: ImageView[];
  /** Reasoning and thinking blocks (shown collapsed), `''` when none. */
  thinking: string;
  /** Skills the message activated. */
  skills: string[];
  /** Images whose URLs were not shown (not http(s) nor a raster data URL). */
  hiddenImages: number;
}

/** A tool call and its result. */
export interface ToolItem {
  type: 'tool';
  /** The ActionEvent's id. */
  id: string;
  timestamp: string;
  toolCallId: string;
  /** The tool name. */
  tool: string;
  /** The action's kind (`TerminalAction`…). */
  actionKind: string;
  /** The command, path or other main argument, on one line. */
  title: string;
  /** The action's summary, or `''`. */
  summary: string;
  /** `LOW`, `MEDIUM`, `HIGH` or `UNKNOWN`. */
  risk: string;
  /** The agent's thought before the call, and its thinking (collapsed). */
  thought: string;
  thinking: string;
  /** `completed`, `rejected`, `error` or `pending`. */
  status: 'completed' | 'rejected' | 'error' | 'pending';
  /** The result's id, when there is one. */
  resultId: string | undefined;
  /** The output (or the rejection reason, or the error), ANSI stripped. */
  output: string;
  /** The exit code of a command, when the result has one. */
  exitCode: number | undefined;
  /** Whether the result reports an error. */
  isError: boolean;
  images: ImageView[];
}

/** A compact row: hooks, condensations, state updates, pauses, rejected or orphan results, errors. */
export interface RowItem {
  type: 'row';
  id: string;
  timestamp: string;
  /** The event kind. */
  kind: string;
  /** A short label (`hook`, `state`, `condensed`, `paused`, `error`…). */
  label: string;
  /** One line of text. */
  text: string;
  /** Longer text shown on demand (hook output, a condensation summary), or `''`. */
  detail: string;
  /** Whether the row reports an error. */
  isError: boolean;
}

/** A point where the conversation branched: events sharing a `parent_id`. */
export interface BranchItem {
  type: 'branch';
  /** The id of the shared parent. */
  id: string;
  /** The branches, in stream order. */
  options: BranchOption[];
}

/** One branch of a {@link BranchItem}. */
export interface BranchOption {
  /** The id of the first event of the branch. */
  id: string;
  /** A short label (the first event's kind and text). */
  label: string;
  /** Events in the branch. */
  events: number;
  /** Whether this branch is the one shown. */
  selected: boolean;
}

/** Anything in a transcript. */
export type TranscriptItem = MessageItem | ToolItem | RowItem | BranchItem;

/** The system prompt and the tool list (shown collapsed at the top). */
export interface TranscriptHeader {
  id: string;
  systemPrompt: string;
  dynamicContext: string;
  /** Tool names with their descriptions cut short. */
  tools: { name: string; description: string }[];
}

/** A conversation as a transcript. */
export interface Transcript {
  header: TranscriptHeader | undefined;
  items: TranscriptItem[];
  /** Events in the transcript (the shown branches only). */
  shown: number;
  /** Events in the conversation. */
  total: number;
}
