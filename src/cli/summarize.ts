/**
 * One-line summaries of events, for `serve` and `events list`.
 * @module
 */
import type { Event } from '../events/index';

const MAX = 100;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX ? `${flat.slice(0, MAX - 1)}…` : flat;
}

function actionSummary(action: { kind: string } & Record<string, unknown>): string {
  if (typeof action.command === 'string' && typeof action.path === 'string') return `${action.command} ${action.path}`;
  if (typeof action.command === 'string') return action.command;
  if (typeof action.message === 'string') return action.message;
  return action.kind;
}

/** A short human description of an event: the message text, the command, the error. */
export function summarizeEvent(event: Event): string {
  switch (event.kind) {
    case 'MessageEvent':
      return clip(`${event.source}: ${event.llm_message.content.map((part) => (part.type === 'text' ? part.text : '[image]')).join(' ')}`);
    case 'ActionEvent':
      return clip(`${event.tool_name}: ${event.action ? actionSummary(event.action as never) : '(not executable)'}`);
    case 'ObservationEvent': {
      const observation = event.observation as { is_error?: boolean; exit_code?: number | null };
      const status = observation.is_error ? 'error' : observation.exit_code != null ? `exit ${observation.exit_code}` : 'done';
      return clip(`${event.tool_name}: ${status}`);
    }
    case 'UserRejectObservation':
      return clip(`${event.tool_name} rejected by ${event.rejection_source}: ${event.rejection_reason}`);
    case 'AgentErrorEvent':
      return clip(`${event.tool_name}: ${event.error}`);
    case 'ServerErrorEvent':
    case 'ConversationErrorEvent':
      return clip(`${event.code}: ${event.detail}`);
    case 'ConversationStateUpdateEvent':
      return clip(`${event.key} = ${JSON.stringify(event.value) ?? 'null'}`);
    case 'HookExecutionEvent':
      return clip(`${event.hook_event_type} ${event.hook_command}: ${event.blocked ? 'blocked' : event.success ? 'ok' : 'failed'}`);
    case 'SystemPromptEvent':
      return `${event.tools.length} tools`;
    case 'Condensation':
      return `${event.forgotten_event_ids.length} events forgotten`;
    case 'CondensationSummaryEvent':
      return clip(event.summary);
    case 'StreamingDeltaEvent':
      return clip(event.content ?? event.reasoning_content ?? '');
    default:
      return '';
  }
}
