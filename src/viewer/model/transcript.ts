/**
 * A conversation's events as a transcript: messages, tool calls paired with their results,
 * compact rows for the rest, the system prompt at the top, and one branch at a time.
 * @module
 */
import { type Event, pairToolCalls, type ToolCallPair } from '../../events/index';
import { type BranchChoices, type BranchPoint, selectBranches } from './branches';
import { actionTitle, field, observationOutput, readContent, readThinking, stringField } from './content';
import { eventRow } from './rows';
import { cutShort, stripAnsi } from './text';
import type { BranchItem, MessageItem, ToolItem, Transcript, TranscriptHeader, TranscriptItem } from './types';

/** Events a transcript leaves out: token counts, completion logs and streaming deltas. */
const SILENT = new Set(['TokenEvent', 'LLMCompletionLogEvent', 'StreamingDeltaEvent']);

function timestampOf(event: Event): string {
  return typeof event.timestamp === 'string' ? event.timestamp : '';
}

function messageItem(event: Event): MessageItem {
  const message = field(event, 'llm_message');
  const role = stringField(message, 'role');
  const content = readContent(field(message, 'content'));
  const extended = readContent(field(event, 'extended_content'));
  const skills = field(event, 'activated_skills');
  return {
    type: 'message',
    id: event.id,
    timestamp: timestampOf(event),
    role: role === 'assistant' ? 'agent' : role === 'user' ? 'user' : stringField(event, 'source') || role,
    text: content.text,
    images: [...content.images, ...extended.images],
    thinking: readThinking(message),
    skills: Array.isArray(skills) ? skills.filter((skill): skill is string => typeof skill === 'string') : [],
    hiddenImages: content.hiddenImages + extended.hiddenImages,
  };
}

function toolItem(pair: ToolCallPair): ToolItem {
  const { action: event, result } = pair;
  const action = field(event, 'action');
  const thought = readContent(field(event, 'thought'));
  const item: ToolItem = {
    type: 'tool',
    id: event.id,
    timestamp: timestampOf(event),
    toolCallId: event.tool_call_id,
    tool: stringField(event, 'tool_name'),
    actionKind: stringField(action, 'kind'),
    title: cutShort(actionTitle(action) || stringField(field(event, 'tool_call'), 'arguments'), 300),
    summary: stripAnsi(stringField(event, 'summary')),
    risk: stringField(event, 'security_risk') || 'UNKNOWN',
    thought: thought.text,
    thinking: readThinking(event),
    status: pair.status,
    resultId: result?.id,
    output: '',
    exitCode: undefined,
    isError: pair.status === 'error',
    images: [],
  };
  if (result?.kind === 'ObservationEvent') {
    const observation = field(result, 'observation');
    const output = observationOutput(observation);
    // A finish or a think call echoes its argument: shown once.
    item.output = output.text.trim() === actionTitle(action).trim() ? '' : output.text;
    item.images = output.images;
    item.isError = field(observation, 'is_error') === true;
    const exit = field(observation, 'exit_code') ?? field(field(observation, 'metadata'), 'exit_code');
    if (typeof exit === 'number') item.exitCode = exit;
  } else if (result?.kind === 'AgentErrorEvent') {
    item.output = stripAnsi(stringField(result, 'error'));
  } else if (result?.kind === 'UserRejectObservation') {
    item.output = stripAnsi(stringField(result, 'rejection_reason'));
  }
  return item;
}

function headerOf(event: Event): TranscriptHeader {
  const tools = field(event, 'tools');
  return {
    id: event.id,
    systemPrompt: stripAnsi(stringField(field(event, 'system_prompt'), 'text')),
    dynamicContext: stripAnsi(stringField(field(event, 'dynamic_context'), 'text')),
    tools: Array.isArray(tools)
      ? tools.map((tool) => ({
          name: stringField(tool, 'title') || stringField(tool, 'name') || stringField(tool, 'kind'),
          description: cutShort(stringField(tool, 'description'), 160),
        }))
      : [],
  };
}

function branchItem(point: BranchPoint, byId: Map<string, Event>): BranchItem {
  return {
    type: 'branch',
    id: point.parentId,
    options: point.options.map((option) => {
      const first = byId.get(option.id);
      const label = first ? branchLabel(first) : option.id;
      return { id: option.id, label, events: option.events, selected: option.id === point.selected };
    }),
  };
}

function branchLabel(event: Event): string {
  if (event.kind === 'ActionEvent') return cutShort(`${stringField(event, 'tool_name')}: ${actionTitle(field(event, 'action'))}`, 80);
  if (event.kind === 'MessageEvent') return cutShort(`${stringField(event, 'source')}: ${messageItem(event).text}`, 80);
  return event.kind;
}

/**
 * Builds the transcript of a conversation from its events in arrival order. `choices` picks the
 * branch shown at each branch point (see {@link selectBranches}); the default is the branch that
 * holds the latest event.
 */
export function buildTranscript(events: readonly Event[], choices: BranchChoices = {}): Transcript {
  const { shown, points } = selectBranches(events, choices);
  const visible = events.filter((event) => shown.has(event.id));
  const byId = new Map(events.map((event) => [event.id, event] as const));
  const { pairs } = pairToolCalls(visible);
  const pairByAction = new Map(pairs.map((pair) => [pair.action.id, pair] as const));
  const answered = new Set(pairs.flatMap((pair) => (pair.result ? [pair.result.id] : [])));
  const items: TranscriptItem[] = [];
  let header: TranscriptHeader | undefined;
  for (const event of visible) {
    const point = points.get(event.id);
    if (point) items.push(branchItem(point, byId));
    if (SILENT.has(event.kind) || answered.has(event.id)) continue;
    if (event.kind === 'SystemPromptEvent' && header === undefined) header = headerOf(event);
    else if (event.kind === 'MessageEvent') items.push(messageItem(event));
    else if (event.kind === 'ActionEvent') {
      const pair = pairByAction.get(event.id);
      if (pair?.status === 'rejected') {
        const rejected = toolItem(pair);
        items.push({
          ...eventRow(pair.result as Event),
          id: event.id,
          text: cutShort(`${rejected.tool}: ${rejected.title} — rejected: ${rejected.output}`, 200),
        });
      } else if (pair) items.push(toolItem(pair));
    } else items.push(eventRow(event));
  }
  return { header, items, shown: visible.length, total: events.length };
}
