/**
 * Branch selection: which events of a conversation tree are shown. Events that share a parent are
 * sibling branches; one branch is shown at a time, the one chosen or else the one that holds the
 * latest event.
 * @module
 */
import { buildConversationTree, type ConversationNode } from '../../events/index';

/** What the tree needs of an event. */
export interface BranchEvent {
  id: string;
  parent_id?: string | null | undefined;
}

/** The branch chosen at each branch point: the shared parent's id → the first event of the branch. */
export type BranchChoices = Readonly<Record<string, string>>;

/** A branch point on the shown path. */
export interface BranchPoint {
  /** The shared parent's id. */
  parentId: string;
  /** The first event of each branch, in stream order, with the number of events in the branch. */
  options: { id: string; events: number }[];
  /** The first event of the branch shown. */
  selected: string;
}

/** The events to show, and the branch points met on the way. */
export interface BranchSelection {
  /** Ids of the shown events. */
  shown: Set<string>;
  /** Branch points on the shown path, by the id of the first event of the shown branch. */
  points: Map<string, BranchPoint>;
}

interface IndexedEvent {
  id: string;
  parent_id: string | null;
  index: number;
}

/**
 * The parent the service would use: `parent_id` when set, none for `"__root__"`, and for a legacy
 * event without one, the event stored before it (legacy conversations are a plain chain).
 */
function effectiveParents(events: readonly BranchEvent[]): IndexedEvent[] {
  return events.map((event, index) => {
    const parent = event.parent_id;
    if (parent === '__root__') return { id: event.id, parent_id: null, index };
    if (typeof parent === 'string') return { id: event.id, parent_id: parent, index };
    return { id: event.id, parent_id: index === 0 ? null : (events[index - 1]?.id ?? null), index };
  });
}

/** Chooses the branches to show: `choices` where they name a branch, else the branch with the latest event. */
export function selectBranches(events: readonly BranchEvent[], choices: BranchChoices = {}): BranchSelection {
  const tree = buildConversationTree(effectiveParents(events));
  // Top-down order without recursion, then sizes and latest positions bottom-up.
  const order: ConversationNode<IndexedEvent>[] = [...tree.roots];
  for (let i = 0; i < order.length; i++) order.push(...(order[i]?.children ?? []));
  const size = new Map<ConversationNode<IndexedEvent>, number>();
  const latest = new Map<ConversationNode<IndexedEvent>, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i] as ConversationNode<IndexedEvent>;
    let count = 1;
    let last = node.event.index;
    for (const child of node.children) {
      count += size.get(child) ?? 0;
      last = Math.max(last, latest.get(child) ?? 0);
    }
    size.set(node, count);
    latest.set(node, last);
  }
  const shown = new Set<string>();
  const points = new Map<string, BranchPoint>();
  for (const root of tree.roots) {
    let node: ConversationNode<IndexedEvent> | undefined = root;
    while (node) {
      shown.add(node.event.id);
      const { children }: { children: ConversationNode<IndexedEvent>[] } = node;
      if (children.length <= 1) {
        node = children[0];
        continue;
      }
      const wanted = choices[node.event.id];
      const byLatest = children.reduce((best, child) => ((latest.get(child) ?? 0) > (latest.get(best) ?? 0) ? child : best));
      const next: ConversationNode<IndexedEvent> = children.find((child) => child.event.id === wanted) ?? byLatest;
      points.set(next.event.id, {
        parentId: node.event.id,
        options: children.map((child) => ({ id: child.event.id, events: size.get(child) ?? 1 })),
        selected: next.event.id,
      });
      node = next;
    }
  }
  return { shown, points };
}
