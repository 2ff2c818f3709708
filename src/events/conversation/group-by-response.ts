/**
 * Grouping the tool calls of one LLM response (parallel function calls).
 * @module
 */
import type { Event } from '../generated/event';
import type { ActionEvent } from '../generated/events/action-event';
import type { LenientActionEvent, LenientEvent } from '../lenient';

/** The tool calls of one LLM response. */
export interface LlmResponseGroup<A extends ActionEvent | LenientActionEvent = ActionEvent> {
  /** The LLM response id shared by the actions. */
  llmResponseId: string;
  /** The actions, in stream order. */
  actions: A[];
}

/**
 * Groups ActionEvents by `llm_response_id`, in the order each response first appears. A group of
 * more than one action is a set of parallel tool calls.
 */
export function groupByLlmResponse(events: readonly Event[]): LlmResponseGroup<ActionEvent>[];
export function groupByLlmResponse(events: readonly LenientEvent[]): LlmResponseGroup<LenientActionEvent>[];
export function groupByLlmResponse(events: readonly (Event | LenientEvent)[]): LlmResponseGroup<ActionEvent | LenientActionEvent>[] {
  const groups = new Map<string, LlmResponseGroup<ActionEvent | LenientActionEvent>>();
  for (const event of events) {
    if (event.kind !== 'ActionEvent') continue;
    let group = groups.get(event.llm_response_id);
    if (!group) {
      group = { llmResponseId: event.llm_response_id, actions: [] };
      groups.set(event.llm_response_id, group);
    }
    group.actions.push(event);
  }
  return [...groups.values()];
}
