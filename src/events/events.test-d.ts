import { describe, expectTypeOf, it } from 'vitest';
import {
  type Action,
  type ActionEvent,
  type AgentErrorEvent,
  type ConversationErrorEvent,
  classifyError,
  type DecodeOptions,
  decodeEvent,
  type ErrorClassification,
  type Event,
  type EventKind,
  type EventOf,
  type FailureKind,
  isActionEvent,
  isCondensation,
  isTerminalAction,
  isToolResultEvent,
  type LenientActionEvent,
  type LenientEvent,
  pairToolCalls,
  type SafeDecodeResult,
  safeDecodeEvent,
  type TaskAction,
  type TerminalAction,
  type ToolCallPair,
  type ToolDefinition,
  type ToolResultEvent,
  type UnknownField,
  type UnknownFieldsMode,
  type ValidationErrorItem,
} from './index';

describe('event types', () => {
  it('EventOf picks a member and EventKind lists the 19 kinds', () => {
    expectTypeOf<EventOf<'ActionEvent'>>().toEqualTypeOf<ActionEvent>();
    expectTypeOf<EventKind>().toEqualTypeOf<Event['kind']>();
    expectTypeOf<'PauseEvent'>().toExtend<EventKind>();
    expectTypeOf<'NotAnEvent'>().not.toExtend<EventKind>();
  });

  it('decode returns Event, or LenientEvent when unknown kinds are kept', () => {
    expectTypeOf(decodeEvent({})).toEqualTypeOf<Event>();
    expectTypeOf(decodeEvent({}, { unknownKinds: 'keep' })).toEqualTypeOf<LenientEvent>();
    const result = safeDecodeEvent({});
    if (result.success) expectTypeOf(result.output).toEqualTypeOf<Event>();
    else expectTypeOf(result.detail).toEqualTypeOf<ValidationErrorItem[]>();
  });

  it('the coercion option is typed, and decoded tools carry their title', () => {
    expectTypeOf(safeDecodeEvent({}, { coercion: 'strict' })).toEqualTypeOf<SafeDecodeResult<Event>>();
    expectTypeOf<DecodeOptions['coercion']>().toEqualTypeOf<'lax' | 'strict' | undefined>();
    expectTypeOf<ToolDefinition['title']>().toEqualTypeOf<string>();
    expectTypeOf<ToolDefinition['action_type']>().toEqualTypeOf<string>();
    expectTypeOf<ToolDefinition['observation_type']>().toEqualTypeOf<string | null>();
    expectTypeOf<TaskAction['max_turns']>().toEqualTypeOf<number | null>();
  });

  it('the unknownFields option is typed, and a success reports the kept keys without changing the output type', () => {
    expectTypeOf<DecodeOptions['unknownFields']>().toEqualTypeOf<UnknownFieldsMode | undefined>();
    expectTypeOf<UnknownFieldsMode>().toEqualTypeOf<'reject' | 'keep'>();
    expectTypeOf(decodeEvent({}, { unknownFields: 'keep' })).toEqualTypeOf<Event>();
    expectTypeOf(decodeEvent({}, { unknownFields: 'keep', unknownKinds: 'keep' })).toEqualTypeOf<LenientEvent>();
    const result = safeDecodeEvent({}, { unknownFields: 'keep' });
    if (result.success) expectTypeOf(result.unknownFields).toEqualTypeOf<readonly UnknownField[] | undefined>();
    else expectTypeOf(result.unknownFields).toEqualTypeOf<undefined>();
    expectTypeOf<UnknownField>().toEqualTypeOf<{
      readonly model: string;
      readonly key: string;
      readonly path: readonly (string | number)[];
    }>();
    // @ts-expect-error only 'reject' and 'keep'
    safeDecodeEvent({}, { unknownFields: 'drop' });
  });

  it('the error events carry an optional classification', () => {
    expectTypeOf<AgentErrorEvent['classification']>().toEqualTypeOf<ErrorClassification | null | undefined>();
    expectTypeOf<ConversationErrorEvent['classification']>().toEqualTypeOf<ErrorClassification | null | undefined>();
    expectTypeOf<ErrorClassification['kind']>().toEqualTypeOf<FailureKind>();
    expectTypeOf<FailureKind>().toEqualTypeOf<
      'auth' | 'quota' | 'rate_limit' | 'config' | 'transient' | 'agent_action' | 'internal' | 'unknown'
    >();
    expectTypeOf<ErrorClassification['user_action']>().toEqualTypeOf<'none' | 'retry' | 'settings'>();
    expectTypeOf(classifyError('OpenAIError', 'Error code: 429')).toEqualTypeOf<ErrorClassification>();
  });

  it('guards narrow events, lenient events and actions', () => {
    const event = decodeEvent({});
    if (isActionEvent(event)) expectTypeOf(event).toEqualTypeOf<ActionEvent>();
    if (isCondensation(event)) expectTypeOf(event.forgotten_event_ids).toEqualTypeOf<string[]>();
    const lenient = decodeEvent({}, { unknownKinds: 'keep' });
    if (isActionEvent(lenient)) expectTypeOf(lenient).toEqualTypeOf<LenientActionEvent>();
    const action = {} as Action;
    if (isTerminalAction(action)) expectTypeOf(action).toEqualTypeOf<TerminalAction>();
    if (isToolResultEvent(event)) expectTypeOf(event).toExtend<ToolResultEvent>();
  });

  it('conversation helpers are typed by their input', () => {
    expectTypeOf(pairToolCalls([] as Event[]).pairs).toEqualTypeOf<ToolCallPair<ActionEvent>[]>();
    expectTypeOf(pairToolCalls([] as LenientEvent[]).pairs).toEqualTypeOf<ToolCallPair<LenientActionEvent>[]>();
  });
});
