/**
 * Compact rows of a transcript: hooks, condensations, state updates, pauses, errors, and the
 * events the viewer has no richer view for.
 * @module
 */
import type { Event } from '../../events/index';
import { field, stringField } from './content';
import { cutShort, stripAnsi } from './text';
import type { RowItem } from './types';

/** How long a row's one line may be. */
const ROW_TEXT = 200;

/** A value as short JSON text (strings as they are). */
export function shortValue(value: unknown, max = 120): string {
  if (typeof value === 'string') return cutShort(value, max);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return cutShort(text, max);
}

function row(event: Event, label: string, text: string, detail = '', isError = false): RowItem {
  return {
    type: 'row',
    id: event.id,
    timestamp: typeof event.timestamp === 'string' ? event.timestamp : '',
    kind: event.kind,
    label,
    text: cutShort(text, ROW_TEXT),
    detail: stripAnsi(detail),
    isError,
  };
}

function hookRow(event: Event): RowItem {
  const type = stringField(event, 'hook_event_type');
  const command = stringField(event, 'hook_command');
  const tool = stringField(event, 'tool_name');
  const exit = field(event, 'exit_code');
  const blocked = field(event, 'blocked') === true;
  const failed = field(event, 'success') === false;
  const outcome = blocked ? 'blocked' : failed ? 'failed' : 'ok';
  const text = `${type}${tool ? ` (${tool})` : ''}: ${command} → ${outcome}${typeof exit === 'number' ? `, exit ${exit}` : ''}`;
  const detail = ['stdout', 'stderr', 'reason', 'error', 'additional_context']
    .map((name) => [name, stringField(event, name)] as const)
    .filter(([, value]) => value.trim() !== '')
    .map(([name, value]) => `${name}:\n${value}`)
    .join('\n\n');
  return row(event, 'hook', text, detail, blocked || failed);
}

/** The compact row of an event that is neither a message nor a tool call. */
export function eventRow(event: Event): RowItem {
  switch (event.kind) {
    case 'HookExecutionEvent':
      return hookRow(event);
    case 'Condensation': {
      const forgotten = field(event, 'forgotten_event_ids');
      const count = Array.isArray(forgotten) ? forgotten.length : 0;
      const summary = stringField(event, 'summary');
      return row(event, 'condensed', `${count} earlier events condensed${summary ? `: ${summary}` : ''}`, summary);
    }
    case 'CondensationRequest':
      return row(event, 'condense', 'condensation requested');
    case 'CondensationSummaryEvent':
      return row(event, 'summary', stringField(event, 'summary'), stringField(event, 'summary'));
    case 'ConversationStateUpdateEvent': {
      const key = stringField(event, 'key');
      const value = field(event, 'value');
      const detail = typeof value === 'string' ? '' : shortValue(value, 100_000);
      return row(event, 'state', `${key} = ${shortValue(value)}`, detail.length > 120 ? detail : '');
    }
    case 'PauseEvent':
      return row(event, 'paused', `paused by ${stringField(event, 'source') || 'the user'}`);
    case 'InterruptEvent':
      return row(event, 'interrupted', `interrupted by ${stringField(event, 'source') || 'the user'}`);
    case 'ConversationErrorEvent':
    case 'ServerErrorEvent': {
      const code = stringField(event, 'code');
      const detail = stringField(event, 'detail');
      return row(event, 'error', `${event.kind}: ${code}${detail ? ` — ${detail}` : ''}`, detail, true);
    }
    case 'AgentErrorEvent': {
      const error = stringField(event, 'error');
      return row(event, 'error', `AgentErrorEvent (${stringField(event, 'tool_name')}): ${error}`, error, true);
    }
    case 'UserRejectObservation': {
      const reason = stringField(event, 'rejection_reason');
      return row(event, 'rejected', `${stringField(event, 'tool_name')} rejected: ${reason}`, reason);
    }
    case 'ObservationEvent':
      return row(event, 'result', `result of ${stringField(event, 'tool_name')} (${stringField(event, 'tool_call_id')})`);
    case 'SystemPromptEvent':
      return row(event, 'system', 'system prompt', stringField(field(event, 'system_prompt'), 'text'));
    default:
      return row(event, event.kind.replace(/Event$/, '').toLowerCase(), event.kind);
  }
}
