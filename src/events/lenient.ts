/**
 * Types of events decoded with `unknownKinds: 'keep'`, where actions, observations and tool
 * definitions of kinds no schema knows (client tools produce `ClientAction_<name>`) are kept as
 * opaque objects instead of failing the event.
 * @module
 */
import type { Action } from './generated/action';
import type { Event } from './generated/event';
import type { ActionEvent } from './generated/events/action-event';
import type { ObservationEvent } from './generated/events/observation-event';
import type { SystemPromptEvent } from './generated/events/system-prompt-event';
import type { Observation } from './generated/observation';
import type { ToolDefinition } from './generated/tool-definition';

/** A value of a kind that no schema knows, kept as it arrived (unvalidated beyond `kind`). */
export interface OpaqueValue {
  /** The unknown kind, such as `ClientAction_lookup_order`. */
  kind: string;
  [key: string]: unknown;
}

/** An {@link ActionEvent} whose `action` may be of an unknown kind. */
export type LenientActionEvent = Omit<ActionEvent, 'action'> & { action: Action | OpaqueValue | null };
/** An {@link ObservationEvent} whose `observation` may be of an unknown kind. */
export type LenientObservationEvent = Omit<ObservationEvent, 'observation'> & { observation: Observation | OpaqueValue };
/** A {@link SystemPromptEvent} whose `tools` may include tool definitions of unknown kinds. */
export type LenientSystemPromptEvent = Omit<SystemPromptEvent, 'tools'> & { tools: (ToolDefinition | OpaqueValue)[] };

/** What lenient decoding returns: an {@link Event}, where nested unknown kinds are opaque. */
export type LenientEvent =
  | Exclude<Event, ActionEvent | ObservationEvent | SystemPromptEvent>
  | LenientActionEvent
  | LenientObservationEvent
  | LenientSystemPromptEvent;
