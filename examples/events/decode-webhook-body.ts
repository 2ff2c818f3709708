/**
 * Decode a webhook body (a JSON array of events) into typed events, react to a few kinds, and
 * print the service's own 422 detail when the body is invalid.
 *
 * `examples/examples.test.ts` runs it (`npm test -- examples`).
 */
import { isActionEvent, isMessageEvent, isObservationEvent, isTerminalAction, safeDecodeEvents } from 'agentwire/events';

/** One line per event, or the validation errors of the batch. */
export function summarize(body: string): string[] {
  const result = safeDecodeEvents(JSON.parse(body));
  if (!result.success) {
    // The same items the service answers with in a 422 `detail`, with loc starting at the index.
    return result.detail.map((item) => `invalid: ${item.loc.join('.')}: ${item.msg} [${item.type}]`);
  }
  return result.output.map((event) => {
    if (isMessageEvent(event)) {
      const text = event.llm_message.content.map((part) => (part.type === 'text' ? part.text : '[image]')).join(' ');
      return `${event.source} says: ${text}`;
    }
    if (isActionEvent(event) && event.action && isTerminalAction(event.action)) {
      return `agent runs: ${event.action.command}`;
    }
    if (isObservationEvent(event)) return `result of ${event.tool_name} (${event.tool_call_id})`;
    return event.kind;
  });
}

const body = JSON.stringify([
  { kind: 'MessageEvent', source: 'user', llm_message: { role: 'user', content: [{ type: 'text', text: 'Run the tests' }] } },
  {
    kind: 'ActionEvent',
    thought: [{ text: 'I will run the test suite.' }],
    tool_name: 'terminal',
    tool_call_id: 'call_1',
    tool_call: { id: 'call_1', name: 'terminal', arguments: '{"command":"npm test"}', origin: 'completion' },
    llm_response_id: 'resp_1',
    action: { kind: 'TerminalAction', command: 'npm test' },
  },
]);

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of summarize(body)) console.log(line);
}

export { body as exampleBody };
