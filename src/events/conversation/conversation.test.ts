import { describe, expect, it } from 'vitest';
import conversation from '../../../test/fixtures/conversation.json';
import { decodeEvents } from '../decode';
import type { Event } from '../generated/event';
import { groupByLlmResponse } from './group-by-response';
import { isToolResultEvent, pairToolCalls } from './tool-calls';
import { buildConversationTree } from './tree';

const events = decodeEvents(conversation);

describe('pairToolCalls', () => {
  it('pairs every action of the recorded conversation with its result', () => {
    const { pairs, orphans } = pairToolCalls(events);
    expect(pairs.map((pair) => [pair.action.tool_call_id, pair.status])).toEqual([
      ['call_1', 'completed'],
      ['call_2', 'completed'],
      ['call_3', 'completed'],
      ['call_4', 'rejected'],
      ['call_5', 'completed'],
      ['call_7', 'completed'],
      ['call_8', 'completed'],
      ['call_9', 'completed'],
    ]);
    // call_6 failed before an action existed: the scaffold error has no action to pair with.
    expect(orphans.map((event) => [event.kind, event.tool_call_id])).toEqual([['AgentErrorEvent', 'call_6']]);
    for (const pair of pairs) expect(pair.result?.tool_call_id).toBe(pair.action.tool_call_id);
  });

  it('leaves a call pending until its result arrives, and keeps the first of repeated results', () => {
    const action = events.find((event) => event.kind === 'ActionEvent') as Event;
    const result = events.find((event) => isToolResultEvent(event)) as Event;
    expect(pairToolCalls([action]).pairs[0]?.status).toBe('pending');
    const twice = pairToolCalls([action, result, { ...result, id: 'again' } as Event]);
    expect(twice.pairs[0]?.result?.id).toBe(result.id);
    expect(twice.orphans).toEqual([]);
  });
});

describe('groupByLlmResponse', () => {
  it('groups parallel tool calls of one response', () => {
    const groups = groupByLlmResponse(events);
    const parallel = groups.filter((group) => group.actions.length > 1);
    expect(parallel.map((group) => [group.llmResponseId, group.actions.map((action) => action.tool_call_id)])).toEqual([
      ['resp_02', ['call_2', 'call_3']],
    ]);
    expect(groups.map((group) => group.llmResponseId)).toEqual([
      'resp_01',
      'resp_02',
      'resp_03',
      'resp_04',
      'resp_05',
      'resp_06',
      'resp_08',
    ]);
  });
});

describe('buildConversationTree', () => {
  it('finds the root and the branch of the recorded conversation', () => {
    const tree = buildConversationTree(events);
    expect(tree.roots.map((node) => node.event.kind)).toEqual(['SystemPromptEvent']);
    const branches = tree.branchPoints();
    expect(branches).toHaveLength(1);
    expect(branches[0]?.children.map((child) => (child.event as { tool_call_id?: string }).tool_call_id)).toEqual(['call_4', 'call_5']);
    const last = events[events.length - 1] as Event;
    const path = tree.pathTo(last.id);
    expect(path[0]?.kind).toBe('SystemPromptEvent');
    expect(path[path.length - 1]).toBe(last);
    // The rejected call's branch is not on the path to the end.
    expect(path.some((event) => event.kind === 'UserRejectObservation')).toBe(false);
  });

  it('treats null, "__root__" and unknown parents as roots', () => {
    const tree = buildConversationTree([
      { id: 'a', parent_id: null },
      { id: 'b', parent_id: '__root__' },
      { id: 'c', parent_id: 'missing' },
      { id: 'd', parent_id: 'a' },
    ]);
    expect(tree.roots.map((node) => node.event.id)).toEqual(['a', 'b', 'c']);
    expect(tree.pathTo('d').map((event) => event.id)).toEqual(['a', 'd']);
    expect(tree.pathTo('nope')).toEqual([]);
  });

  it('handles a 100,000-event chain without recursion and cuts hostile cycles', () => {
    const chain = Array.from({ length: 100_000 }, (_, i) => ({ id: `e${i}`, parent_id: i === 0 ? null : `e${i - 1}` }));
    const tree = buildConversationTree(chain);
    expect(tree.roots).toHaveLength(1);
    expect(tree.pathTo('e99999')).toHaveLength(100_000);

    const cycle = buildConversationTree([
      { id: 'a', parent_id: 'c' },
      { id: 'b', parent_id: 'a' },
      { id: 'c', parent_id: 'b' },
      { id: 'self', parent_id: 'self' },
    ]);
    expect(cycle.roots.map((node) => node.event.id).sort()).toEqual(['b', 'self']);
    expect(cycle.pathTo('a').map((event) => event.id)).toEqual(['b', 'c', 'a']);
  });
});
