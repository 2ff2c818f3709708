/**
 * Pairing each tool call (an ActionEvent) with the event that answers it.
 * @module
 */
import type { Event } from '../generated/event';
import type { ActionEvent } from '../generated/events/action-event';
import type { AgentErrorEvent } from '../generated/events/agent-error-event';
import type { ObservationEvent } from '../generated/events/observation-event';
import type { UserRejectObservation } from '../generated/events/user-reject-observation';
import type { LenientActionEvent, LenientEvent, LenientObservationEvent } from '../lenient';

/** An event that answers a tool call: its result, its rejection, or a scaffold error. */
export type ToolResultEvent = ObservationEvent | LenientObservationEvent | UserRejectObservation | AgentErrorEvent;

/** How a tool call ended, as far as the events show. */
export type ToolCallStatus = 'completed' | 'rejected' | 'error' | 'pending';

/** A tool call and what answered it. */
export interface ToolCallPair<A extends ActionEvent | LenientActionEvent = ActionEvent> {
  /** The tool call. */
  action: A;
  /** The event that answered it, or `undefined` while none has arrived. */
  result: ToolResultEvent | undefined;
  /** `completed` (an ObservationEvent), `rejected` (a UserRejectObservation), `error` (an AgentErrorEvent) or `pending`. */
  status: ToolCallStatus;
}

/** The outcome of {@link pairToolCalls}. */
export interface ToolCallPairing<A extends ActionEvent | LenientActionEvent = ActionEvent> {
  /** One entry per ActionEvent, in stream order. */
  pairs: ToolCallPair<A>[];
  /** Results whose tool call is not among the events (it was condensed away, or arrived elsewhere). */
  orphans: ToolResultEvent[];
}

/** Whether an event answers a tool call (ObservationEvent, UserRejectObservation or AgentErrorEvent). */
export function isToolResultEvent<T extends { kind: string }>(event: T): event is Extract<T, ToolResultEvent> {
  return event.kind === 'ObservationEvent' || event.kind === 'UserRejectObservation' || event.kind === 'AgentErrorEvent';
}

const STATUS: Record<ToolResultEvent['kind'], ToolCallStatus> = {
  ObservationEvent: 'completed',
  UserRejectObservation: 'rejected',
  AgentErrorEvent: 'error',
};

/**
 * Pairs every ActionEvent with the event that answers it, matched by `tool_call_id`. When several
 * results carry the same `tool_call_id` (a re-delivery), the first one wins.
 */
export function pairToolCalls(events: readonly Event[]): ToolCallPairing<ActionEvent>;
export function pairToolCalls(events: readonly LenientEvent[]): ToolCallPairing<LenientActionEvent>;
export function pairToolCalls(events: readonly (Event | LenientEvent)[]): ToolCallPairing<ActionEvent | LenientActionEvent> {
  const pairs: ToolCallPair<ActionEvent | LenientActionEvent>[] = [];
  const byCallId = new Map<string, ToolCallPair<ActionEvent | LenientActionEvent>>();
  const orphans: ToolResultEvent[] = [];
  for (const event of events) {
    if (event.kind === 'ActionEvent') {
      const pair = { action: event, result: undefined, status: 'pending' as ToolCallStatus };
      pairs.push(pair);
      if (!byCallId.has(event.tool_call_id)) byCallId.set(event.tool_call_id, pair);
    } else if (isToolResultEvent(event)) {
      const pair = byCallId.get(event.tool_call_id);
      if (pair && pair.result === undefined) {
        pair.result = event;
        pair.status = STATUS[event.kind];
      } else if (!pair) {
        orphans.push(event);
      }
    }
  }
  return { pairs, orphans };
}
