/**
 * Conversation ids: a UUID, hyphenated or as 32 hex digits, in the one canonical form every area
 * keys conversations by. Depends on nothing (the stores, the webhooks and the CLI use it).
 * @module
 */
const HYPHENATED = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const COMPACT = /^[0-9a-fA-F]{32}$/;

/**
 * The canonical form of a conversation id: lowercase, hyphenated (`8-4-4-4-12`). Accepts either
 * form the service uses (the sender posts 32 hex digits). Returns `undefined` for anything else.
 */
export function normalizeConversationId(value: string): string | undefined {
  if (HYPHENATED.test(value)) return value.toLowerCase();
  if (!COMPACT.test(value)) return undefined;
  const hex = value.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The 32-hex form of a conversation id, as the sender writes it in URLs. */
export function compactConversationId(value: string): string | undefined {
  return normalizeConversationId(value)?.replaceAll('-', '');
}
