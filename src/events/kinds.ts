/**
 * Checks on kind names. They pull no schema, so they stay cheap to import.
 * @module
 */
import {
  ACTION_KINDS,
  type ActionKind,
  EVENT_KINDS,
  type EventKind,
  OBSERVATION_KINDS,
  type ObservationKind,
  TOOL_DEFINITION_KINDS,
  type ToolDefinitionKind,
} from './generated/kinds';

/** A membership test whose set is built on first use (nothing runs at import time). */
const has = (kinds: readonly string[]) => {
  let set: Set<string> | undefined;
  return (value: unknown): boolean => {
    if (typeof value !== 'string') return false;
    set ??= new Set(kinds);
    return set.has(value);
  };
};

const eventKinds = /* @__PURE__ */ has(EVENT_KINDS);
const actionKinds = /* @__PURE__ */ has(ACTION_KINDS);
const observationKinds = /* @__PURE__ */ has(OBSERVATION_KINDS);
const toolKinds = /* @__PURE__ */ has(TOOL_DEFINITION_KINDS);

/** Whether a value names one of the 19 event kinds. */
export function isEventKind(value: unknown): value is EventKind {
  return eventKinds(value);
}

/** Whether a value names one of the known action kinds. */
export function isActionKind(value: unknown): value is ActionKind {
  return actionKinds(value);
}

/** Whether a value names one of the known observation kinds. */
export function isObservationKind(value: unknown): value is ObservationKind {
  return observationKinds(value);
}

/** Whether a value names one of the known tool-definition kinds. */
export function isToolDefinitionKind(value: unknown): value is ToolDefinitionKind {
  return toolKinds(value);
}
