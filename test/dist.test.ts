import { beforeAll, describe, expect, it } from 'vitest';
import { node, requireBuild } from './helpers/built';
import { tempTree } from './helpers/tree';

const EVENT = JSON.stringify({
  kind: 'MessageEvent',
  source: 'user',
  llm_message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
});

beforeAll(requireBuild);

function run(args: string[]): unknown {
  const result = node(args);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout);
}

describe('the built package, through its own exports', () => {
  it('works from ESM', () => {
    const script = `
      import { decodeEvent, isMessageEvent, EVENT_KINDS } from 'agentwire/events';
      import * as root from 'agentwire';
      import { toJsonSchema } from 'agentwire/events/json-schema';
      import { createWebhookHandler } from 'agentwire/webhooks';
      import { toNodeHandler } from 'agentwire/webhooks/node';
      import { createClient, NotFoundError } from 'agentwire/api';
      const handler = createWebhookHandler({ apiKey: 'k' });
      const answer = await handler.receive({ conversationId: '${'3f2a9c10'}-4a00-4a01-a001-5e1d0000b000', headers: { 'x-session-api-key': 'k' }, body: '[]' });
      if (answer.status !== 200 || typeof toNodeHandler(handler) !== 'function') throw new Error('webhooks');
      if (typeof createClient({ baseUrl: 'http://x', apiKey: 'k' }).sandboxes.search !== 'function' || !(new NotFoundError({ status: 404, headers: new Headers(), body: null, method: 'GET', path: '/' }) instanceof Error)) throw new Error('api');
      const event = decodeEvent(${EVENT});
      console.log(JSON.stringify({ kind: event.kind, guard: isMessageEvent(event), kinds: EVENT_KINDS.length,
        root: Object.keys(root).sort(), oneOf: toJsonSchema().oneOf.length, text: event.llm_message.content[0].text }));`;
    expect(run(['--input-type=module', '-e', script])).toEqual({
      kind: 'MessageEvent',
      guard: true,
      kinds: 19,
      root: ['AgentwireError', 'isAgentwireError'],
      oneOf: 19,
      text: 'hi',
    });
  });

  it('works from CommonJS', () => {
    const script = `
      const { decodeEvent, EventValidationError } = require('agentwire/events');
      const root = require('agentwire');
      const { toJsonSchema } = require('agentwire/events/json-schema');
      let detail;
      try { decodeEvent({ kind: 'MessageEvent' }); } catch (error) { detail = error instanceof EventValidationError && error.detail; }
      console.log(JSON.stringify({ kind: decodeEvent(${EVENT}).kind, root: Object.keys(root).sort(), detail, oneOf: toJsonSchema().oneOf.length,
        version: require('agentwire/package.json').version }));`;
    const output = run(['-e', script]) as {
      kind: string;
      root: string[];
      detail: { type: string; loc: string[] }[];
      oneOf: number;
      version: string;
    };
    expect(output.kind).toBe('MessageEvent');
    expect(output.root).toEqual(['AgentwireError', 'isAgentwireError']);
    expect(output.detail.map((item) => [item.type, item.loc])).toEqual([
      ['missing', ['source']],
      ['missing', ['llm_message']],
    ]);
    expect(output.oneOf).toBe(19);
    expect(output.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('validates a folder through agentwire/validate, from ESM and from CommonJS', () => {
    const { root, cleanup } = tempTree({ '.agents/skills/pdf-tools/SKILL.md': '---\nname: pdf\ndescription: Fills PDF forms.\n---\n' });
    try {
      const print = `console.log(JSON.stringify({ found: report.diagnostics.map((d) => [d.code, d.file, d.profile]), area: findRule('skill-name-mismatch').area }))`;
      const esm = `
        import { findRule, validate } from 'agentwire/validate';
        const report = await validate(['.'], { cwd: ${JSON.stringify(root)} });
        ${print};`;
      const cjs = `
        const { findRule, validate } = require('agentwire/validate');
        validate(['.'], { cwd: ${JSON.stringify(root)} }).then((report) => ${print});`;
      const expected = { found: [['skill-name-mismatch', '.agents/skills/pdf-tools/SKILL.md', 'openhands']], area: 'skills' };
      expect(run(['--input-type=module', '-e', esm])).toEqual(expected);
      expect(run(['-e', cjs])).toEqual(expected);
    } finally {
      cleanup();
    }
  });

  it('recognizes an error of the other build as an AgentwireError (the dual-package hazard)', () => {
    const script = `
      import { createRequire } from 'node:module';
      import * as esm from 'agentwire/api';
      import { AgentwireError, isAgentwireError } from 'agentwire';
      const cjs = createRequire(import.meta.url)('agentwire/api');
      const fromCjs = new cjs.NotFoundError({ status: 404, headers: new Headers(), body: null, method: 'GET', path: '/' });
      console.log(JSON.stringify({
        sameClass: cjs.NotFoundError === esm.NotFoundError,
        root: fromCjs instanceof AgentwireError,
        guard: isAgentwireError(fromCjs),
        exact: fromCjs instanceof esm.NotFoundError,
      }));`;
    expect(run(['--input-type=module', '-e', script])).toEqual({ sameClass: false, root: true, guard: true, exact: false });
  });
});
