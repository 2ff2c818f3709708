/**
 * What to say about a front matter field the Agent Skills specification does not define: which
 * dialect it comes from, what the service does with it, and how to keep a skill portable.
 * @module
 */

/** A note on one unexpected field. */
export interface UnexpectedFieldNote {
  /** A sentence for the end of the message. */
  message: string;
  /** A more precise hint than the rule's, when there is one. */
  hint?: string;
}

const SERVICE_READS = 'The service reads it, so the skill loads there; this profile judges by the specification.';
const SERVICE_IGNORES = 'The service ignores it too.';
const CLAUDE_CODE = 'It is a Claude Code field; the service ignores it.';

const NOTES: Readonly<Record<string, UnexpectedFieldNote>> = {
  triggers: {
    message: SERVICE_READS,
    hint: 'Keep "triggers" only if the skill is meant for the service alone; for other clients, say in "description" when the skill applies.',
  },
  inputs: { message: SERVICE_READS, hint: 'Keep "inputs" only for the service; describe the inputs in the body for other clients.' },
  paths: { message: SERVICE_READS, hint: 'Keep "paths" only for the service; other clients do not scope skills to files.' },
  'disable-model-invocation': {
    message: 'It is a Claude Code field the service also reads, so the skill loads there; this profile judges by the specification.',
  },
  disable_model_invocation: { message: SERVICE_READS },
  allowed_tools: { message: SERVICE_READS, hint: 'Write "allowed-tools" with a hyphen, as the specification spells it.' },
  mcp_tools: {
    message: 'The service reads it only from legacy single-file skills.',
    hint: 'Declare tool servers in a .mcp.json beside the SKILL.md.',
  },
  version: { message: SERVICE_IGNORES, hint: 'Move it under metadata as text: a "version" key inside "metadata".' },
  author: { message: SERVICE_IGNORES, hint: 'Move it under metadata as text: an "author" key inside "metadata".' },
  tags: { message: SERVICE_IGNORES, hint: 'Move it under metadata as text, or drop it.' },
  'user-invocable': { message: CLAUDE_CODE },
  'argument-hint': { message: CLAUDE_CODE },
  model: { message: CLAUDE_CODE },
  context: { message: CLAUDE_CODE },
  agent: { message: CLAUDE_CODE },
  hooks: { message: CLAUDE_CODE },
  when_to_use: { message: CLAUDE_CODE, hint: 'Fold it into "description": the specification puts when to use a skill there.' },
};

/** The note for an unexpected field `key`. */
export function unexpectedFieldNote(key: string): UnexpectedFieldNote {
  return Object.hasOwn(NOTES, key) ? (NOTES[key] as UnexpectedFieldNote) : { message: SERVICE_IGNORES };
}
