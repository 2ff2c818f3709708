/**
 * The conversation tree built from `parent_id`.
 * @module
 */
import { ROOT_PARENT_ID } from '../schema-helpers';

/** What the tree needs of an event: its id and its parent. */
export interface TreeEvent {
  id: string;
  parent_id: string | null;
}

/** One event in the tree. */
export interface ConversationNode<E extends TreeEvent> {
  /** The event. */
  event: E;
  /** The node of its parent, or `undefined` for a root. */
  parent: ConversationNode<E> | undefined;
  /** Its children, in stream order. More than one child means the conversation branched here. */
  children: ConversationNode<E>[];
}

/** The conversation tree. */
export interface ConversationTree<E extends TreeEvent> {
  /**
   * The roots, in stream order: events whose `parent_id` is `null` (a root, or a legacy event
   * that predates the tree), `"__root__"` (an explicit new root), or an id that is not among the
   * events (its parent was not delivered, or was condensed away).
   */
  roots: ConversationNode<E>[];
  /** Every node by event id. When an id repeats (a re-delivery), the first event wins. */
  nodes: Map<string, ConversationNode<E>>;
  /** The nodes with more than one child, in stream order. */
  branchPoints(): ConversationNode<E>[];
  /** The events from a root down to the event `id` (inclusive), or `[]` when `id` is unknown. */
  pathTo(id: string): E[];
}

/**
 * Builds the tree of a conversation from `parent_id`. Works on any number of events without
 * recursion. A cycle in hostile input (a → b → a) cannot hang it: the event whose parent would
 * close the cycle becomes a root.
 */
export function buildConversationTree<E extends TreeEvent>(events: readonly E[]): ConversationTree<E> {
  const nodes = new Map<string, ConversationNode<E>>();
  const order: ConversationNode<E>[] = [];
  for (const event of events) {
    if (nodes.has(event.id)) continue;
    const node: ConversationNode<E> = { event, parent: undefined, children: [] };
    nodes.set(event.id, node);
    order.push(node);
  }
  for (const node of order) {
    const parentId = node.event.parent_id;
    node.parent = parentId === null || parentId === ROOT_PARENT_ID ? undefined : nodes.get(parentId);
  }
  breakCycles(order);
  const roots: ConversationNode<E>[] = [];
  for (const node of order) {
    if (node.parent) node.parent.children.push(node);
    else roots.push(node);
  }
  return {
    roots,
    nodes,
    branchPoints: () => order.filter((node) => node.children.length > 1),
    pathTo(id) {
      const path: E[] = [];
      for (let node = nodes.get(id); node; node = node.parent) path.push(node.event);
      return path.reverse();
    },
  };
}

/**
 * Cuts every cycle of parent links, in linear time: each walk up stops at a node already known to
 * reach a root; meeting a node of the current walk means a cycle, cut at the node that closes it.
 */
function breakCycles<E extends TreeEvent>(order: ConversationNode<E>[]): void {
  const settled = new Set<ConversationNode<E>>();
  for (const start of order) {
    const walk = new Set<ConversationNode<E>>();
    let node: ConversationNode<E> | undefined = start;
    while (node && !settled.has(node)) {
      walk.add(node);
      const parent: ConversationNode<E> | undefined = node.parent;
      if (parent && walk.has(parent)) {
        node.parent = undefined;
        break;
      }
      node = parent;
    }
    for (const visited of walk) settled.add(visited);
  }
}
