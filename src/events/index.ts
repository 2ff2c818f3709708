/**
 * Valibot codecs, types and kind guards for every event the service sends, and for every action,
 * observation, tool definition and sub-object inside them.
 *
 * ```ts
 * import { decodeEvents, isActionEvent } from 'agentwire/events';
 * for (const event of decodeEvents(JSON.parse(body))) {
 *   if (isActionEvent(event)) console.log(event.tool_name, event.action?.kind);
 * }
 * ```
 * @module agentwire/events
 */

export * from './conversation/index';
export {
  type DecodeOptions,
  decodeEvent,
  decodeEvents,
  type LenientDecodeOptions,
  type SafeDecodeResult,
  safeDecodeEvent,
  safeDecodeEvents,
  type UnknownKindsMode,
} from './decode';
export { naiveLocalTimestamp, newUuid } from './defaults';
export type { EventIssue, ValidationErrorItem } from './detail';
export { toValidationDetail } from './detail';
export { encodeEvent, encodeEvents } from './encode';
export { classifyError } from './error-classification';
export { EventValidationError } from './errors';
export * from './generated/index';
export { isActionKind, isEventKind, isObservationKind, isToolDefinitionKind } from './kinds';
export type {
  LenientActionEvent,
  LenientEvent,
  LenientObservationEvent,
  LenientSystemPromptEvent,
  OpaqueValue,
} from './lenient';
export { ROOT_PARENT_ID } from './schema-helpers';
export type { UnknownField, UnknownFieldsMode } from './unknown-fields';
