/** Small, valid events for tests, as the service would send them (defaults left out). */
import { randomUUID } from 'node:crypto';

/** A user message, with a fresh id. */
export function messageEvent(text: string) {
  return { kind: 'MessageEvent', id: randomUUID(), source: 'user', llm_message: { role: 'user', content: [{ type: 'text', text }] } };
}

/** A terminal tool call (`ls`), with a fresh id. */
export function actionEvent(command = 'ls') {
  return {
    kind: 'ActionEvent',
    id: randomUUID(),
    thought: [],
    tool_name: 'terminal',
    tool_call_id: 'call_1',
    tool_call: { id: 'call_1', name: 'terminal', arguments: JSON.stringify({ command }), origin: 'completion' },
    llm_response_id: 'resp_1',
    action: { kind: 'TerminalAction', command },
  };
}
