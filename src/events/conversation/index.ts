/**
 * Helpers that answer the usual questions about a conversation's events.
 * @module
 */
export { groupByLlmResponse, type LlmResponseGroup } from './group-by-response';
export {
  isToolResultEvent,
  pairToolCalls,
  type ToolCallPair,
  type ToolCallPairing,
  type ToolCallStatus,
  type ToolResultEvent,
} from './tool-calls';
export { buildConversationTree, type ConversationNode, type ConversationTree, type TreeEvent } from './tree';
