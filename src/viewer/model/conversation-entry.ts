/**
 * A conversation's list entry, folded over its events one batch at a time, so a server can keep
 * it up to date by reading only what arrived since.
 * @module
 */
import type { Event } from '../../events/index';
import { field, readContent, stringField } from './content';
import { cutShort } from './text';
import type { ConversationEntry, ConversationStatus, ErrorBadge } from './types';

/** How long the first user message may be in the list. */
export const TITLE_LENGTH = 100;

const STATUSES: Record<string, ConversationStatus> = {
  idle: 'idle',
  running: 'running',
  paused: 'paused',
  waiting_for_confirmation: 'waiting',
  finished: 'finished',
  error: 'error',
  stuck: 'stuck',
};

/** Error event kinds that give a conversation an error badge. */
export const ERROR_KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set(['ConversationErrorEvent', 'AgentErrorEvent', 'ServerErrorEvent']);

/** A new, empty entry. */
export function createConversationEntry(id: string): ConversationEntry {
  return { id, title: '', events: 0, firstAt: null, lastAt: null, status: 'unknown', errors: 0, lastError: undefined };
}

function statusFrom(event: Event): ConversationStatus | undefined {
  if (event.kind === 'PauseEvent') return 'paused';
  if (event.kind === 'ConversationStateUpdateEvent') {
    const key = stringField(event, 'key');
    const value = field(event, 'value');
    const status = key === 'execution_status' ? value : key === 'full_state' ? field(value, 'execution_status') : undefined;
    return typeof status === 'string' ? STATUSES[status] : undefined;
  }
  if (event.kind === 'ActionEvent' && stringField(field(event, 'action'), 'kind') === 'FinishAction') return 'finished';
  return undefined;
}

function badgeOf(event: Event): ErrorBadge {
  if (event.kind === 'AgentErrorEvent')
    return { kind: event.kind, code: stringField(event, 'tool_name'), detail: cutShort(stringField(event, 'error'), 160) };
  return { kind: event.kind, code: stringField(event, 'code'), detail: cutShort(stringField(event, 'detail'), 160) };
}

/** Folds more events (in arrival order) into an entry, in place, and returns it. */
export function addToConversationEntry(entry: ConversationEntry, events: readonly Event[]): ConversationEntry {
  for (const event of events) {
    entry.events++;
    const timestamp = typeof event.timestamp === 'string' ? event.timestamp : null;
    if (entry.firstAt === null) entry.firstAt = timestamp;
    if (timestamp !== null) entry.lastAt = timestamp;
    if (entry.title === '' && event.kind === 'MessageEvent' && stringField(event, 'source') === 'user') {
      entry.title = cutShort(readContent(field(field(event, 'llm_message'), 'content')).text, TITLE_LENGTH);
    }
    const status = statusFrom(event);
    if (status) entry.status = status;
    if (ERROR_KINDS.has(event.kind)) {
      entry.errors++;
      entry.lastError = badgeOf(event);
    }
  }
  return entry;
}

/** The entry of a conversation from all its events. */
export function summarizeConversation(id: string, events: readonly Event[]): ConversationEntry {
  return addToConversationEntry(createConversationEntry(id), events);
}
