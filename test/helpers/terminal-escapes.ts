/**
 * Text that would drive a terminal or reorder a page if shown raw: OSC 52 (writes the clipboard),
 * OSC 0 (sets the window title), CSI 2J (clears the screen), an 8-bit CSI, BEL, NUL, DEL, a
 * carriage return that writes over the line, and bidirectional overrides and isolates. Events
 * holding it in every field a command or the viewer shows.
 */
import { randomUUID } from 'node:crypto';

/** Each hostile piece on its own. */
export const ESCAPES = {
  clipboard: '\u001b]52;c;cm0gLXJmIH4K\u0007',
  title: '\u001b]0;pwned title\u0007',
  clear: '\u001b[2J\u001b[H',
  csi8: '\u009b2J',
  bell: '\u0007',
  nul: '\u0000',
  del: '\u007f',
  overwrite: 'safe\rEVIL',
  rlo: 'txt.\u202eexe',
  isolate: '\u2066isolated\u2069',
} as const;

/** Every piece in one string. */
export const HOSTILE = Object.values(ESCAPES).join(' ');

// Raw C0 controls (line feed and tab aside), DEL, C1 controls and bidirectional controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The raw control characters `text` holds, as `U+001B` (none: an empty list). */
export function rawControls(text: string, allow = ''): string[] {
  const found = [...text.matchAll(RAW)].map((match) => match[0]).filter((char) => !allow.includes(char));
  return [...new Set(found)].map((char) => `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** A timestamp the service might send, with the hostile text after it. */
export const HOSTILE_TIMESTAMP = `2025-01-02T03:04:05.000000${HOSTILE}`;

/**
 * A conversation whose shown fields all hold {@link HOSTILE}: a user message (text, timestamp), a
 * tool call (tool name, command, summary) with its observation, a conversation error (code,
 * detail), and a message with an extra field named with it (and such an id). Valid events but for the extra field, which `serve`
 * keeps (and says so) and `events validate` refuses.
 */
export function hostileTerminalEvents(): Record<string, unknown>[] {
  const [message, action, observation, error] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const tool = `terminal${ESCAPES.title}${ESCAPES.rlo}`;
  return [
    {
      kind: 'MessageEvent',
      id: message,
      timestamp: HOSTILE_TIMESTAMP,
      source: 'user',
      llm_message: { role: 'user', content: [{ type: 'text', text: HOSTILE }] },
    },
    {
      kind: 'ActionEvent',
      id: action,
      timestamp: HOSTILE_TIMESTAMP,
      source: 'agent',
      parent_id: message,
      thought: [{ type: 'text', text: HOSTILE }],
      tool_name: tool,
      tool_call_id: 'call_1',
      tool_call: { id: 'call_1', name: tool, arguments: JSON.stringify({ command: HOSTILE }), origin: 'completion' },
      llm_response_id: 'resp_1',
      action: { kind: 'TerminalAction', command: HOSTILE },
      summary: HOSTILE,
    },
    {
      kind: 'ObservationEvent',
      id: observation,
      timestamp: HOSTILE_TIMESTAMP,
      source: 'environment',
      parent_id: action,
      tool_name: tool,
      tool_call_id: 'call_1',
      action_id: action,
      observation: {
        kind: 'TerminalObservation',
        command: HOSTILE,
        content: [{ type: 'text', text: HOSTILE }],
        exit_code: 1,
        is_error: true,
      },
    },
    {
      kind: 'ConversationErrorEvent',
      id: error,
      timestamp: HOSTILE_TIMESTAMP,
      source: 'environment',
      parent_id: observation,
      code: `Boom${ESCAPES.clipboard}`,
      detail: HOSTILE,
    },
    {
      kind: 'MessageEvent',
      id: `${randomUUID()}${ESCAPES.rlo}${ESCAPES.bell}`,
      timestamp: HOSTILE_TIMESTAMP,
      source: 'user',
      parent_id: error,
      llm_message: { role: 'user', content: [{ type: 'text', text: 'with a field of its own' }] },
      [`extra${ESCAPES.clear}${ESCAPES.overwrite}`]: 1,
    },
  ];
}
