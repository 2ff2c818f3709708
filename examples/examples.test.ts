import { describe, expect, it } from 'vitest';
import { exampleBody, summarize } from './events/decode-webhook-body';

describe('examples/events/decode-webhook-body', () => {
  it('summarizes a valid webhook body', () => {
    expect(summarize(exampleBody)).toEqual(['user says: Run the tests', 'agent runs: npm test']);
  });

  it('reports the service-style detail of an invalid body', () => {
    const lines = summarize(JSON.stringify([{ kind: 'ActionEvent', tool_name: 'terminal' }]));
    expect(lines).toContain('invalid: 0.tool_call_id: Field required [missing]');
  });
});
