/**
 * A conversation whose every text is hostile: markup, event handler attributes, `javascript:`
 * links, ANSI escapes. The viewer must show it as text and run none of it.
 */
import { randomUUID } from 'node:crypto';
import conversation from '../fixtures/conversation.json';

const PWN = 'window.__pwned=1';
/** Texts that would run code if the viewer ever treated them as markup or followed them as links. */
export const HOSTILE_TEXT = `<script>${PWN}</script><img src=x onerror="${PWN}"> [click](javascript:${PWN}) javascript:alert(1) <a href="javascript:${PWN}">a</a>`;
/** Output with ANSI colours, a title change and an OSC 8 hyperlink to `javascript:`. */
export const ANSI_OUTPUT = `\u001b[1;31mFAIL\u001b[0m cart.test.ts\n\u001b]0;pwned title\u0007\u001b]8;;javascript:${PWN}\u001b\\link\u001b]8;;\u001b\\ <svg onload="${PWN}">`;

type Json = Record<string, unknown>;
const base = conversation as Json[];
const copy = (index: number, fields: Json): Json => ({ ...structuredClone(base[index] as Json), ...fields });

/** The hostile conversation: a user message, a command with hostile output, images, an error. */
export function hostileEvents(): Json[] {
  const ids = Array.from({ length: 5 }, () => randomUUID());
  const [message, action, observation, agent, error] = ids as [string, string, string, string, string];
  return [
    copy(2, {
      id: message,
      parent_id: null,
      llm_message: {
        ...(base[2]?.llm_message as Json),
        content: [
          { cache_prompt: false, type: 'text', text: HOSTILE_TEXT },
          {
            cache_prompt: false,
            type: 'image',
            image_urls: [`javascript:${PWN}`, 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9IndpbmRvdy5fX3B3bmVkPTEiLz4='],
          },
        ],
      },
    }),
    copy(6, {
      id: action,
      parent_id: message,
      tool_call_id: 'call_x',
      thought: [{ cache_prompt: false, type: 'text', text: `<iframe srcdoc="<script>${PWN}</script>"></iframe>` }],
      action: { command: `echo "<img src=x onerror=${PWN}>"`, is_input: false, timeout: null, reset: false, kind: 'TerminalAction' },
      summary: `<b onmouseover="${PWN}">summary</b>`,
    }),
    copy(8, {
      id: observation,
      parent_id: action,
      tool_call_id: 'call_x',
      action_id: action,
      observation: {
        ...(base[8]?.observation as Json),
        content: [{ cache_prompt: false, type: 'text', text: ANSI_OUTPUT }],
        exit_code: 1,
        is_error: true,
      },
    }),
    copy(31, {
      id: agent,
      parent_id: observation,
      llm_message: {
        ...(base[31]?.llm_message as Json),
        content: [{ cache_prompt: false, type: 'text', text: `see javascript:${PWN} and https://example.com/docs` }],
      },
    }),
    copy(32, { id: error, parent_id: agent, code: `<script>${PWN}</script>`, detail: `<img src=x onerror="${PWN}">` }),
  ];
}
