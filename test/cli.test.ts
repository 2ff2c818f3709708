import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, node, ROOT, requireBuild } from './helpers/built';
import { actionEvent, messageEvent } from './helpers/events';

const dir = mkdtempSync(join(tmpdir(), 'agentwire-cli-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const cli = (args: string[], input?: string) => node([CLI, ...args], input);

const message = messageEvent('hi');
const action = actionEvent();
const clientAction = { ...action, action: { kind: 'ClientAction_lookup', order: 1 } };

beforeAll(requireBuild);

describe('agentwire events validate', () => {
  it('accepts the recorded conversation (the README quick start)', () => {
    const run = cli(['events', 'validate', 'test/fixtures/conversation.json']);
    expect(run.stdout).toBe('34 events, 34 valid, 0 invalid\n');
    expect(run.status).toBe(0);
  });

  it('reports each invalid event of an array with pydantic-style errors, exit 1', () => {
    const path = write('bad.json', JSON.stringify([message, { ...action, tool_call_id: 7 }, { kind: 'Nope' }]));
    const run = cli(['events', 'validate', path]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('event 1 (ActionEvent): 1 error\n  tool_call_id: Input should be a valid string [string_type]');
    expect(run.stdout).toContain('event 2 (Nope): 1 error');
    expect(run.stdout).toContain("Value error, Unknown kind 'Nope' for openhands.sdk.event.base.Event");
    expect(run.stdout).toContain('[value_error]');
    expect(run.stdout.trimEnd().split('\n').pop()).toBe('3 events, 1 valid, 2 invalid');
  });

  it('reads JSON Lines with line numbers, including lines that are not JSON', () => {
    const path = write('log.jsonl', `${JSON.stringify(message)}\n\n{not json\n${JSON.stringify(action)}\n`);
    const run = cli(['events', 'validate', path, '--format', 'json']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ total: 3, valid: 2, invalid: 1 });
    expect(report.events[1]).toMatchObject({ index: 1, line: 3, kind: null, valid: false, errors: [{ type: 'json_invalid' }] });
    expect(report.events[2]).toMatchObject({ index: 2, line: 4, kind: 'ActionEvent', valid: true, errors: [] });
  });

  it('keeps client actions only with --lenient', () => {
    const path = write('client.json', JSON.stringify([clientAction]));
    expect(cli(['events', 'validate', path]).status).toBe(1);
    const lenient = cli(['events', 'validate', path, '--lenient']);
    expect(lenient.stdout).toBe('1 event, 1 valid, 0 invalid\n');
    expect(lenient.status).toBe(0);
  });

  it('reads standard input for -', () => {
    const run = cli(['events', 'validate', '-'], JSON.stringify(message));
    expect(run.stdout).toBe('1 event, 1 valid, 0 invalid\n');
    expect(run.status).toBe(0);
  });

  it('exits 2 with one clear line on unreadable input', () => {
    for (const [args, text] of [
      [['events', 'validate', join(dir, 'missing.json')], 'no such file'],
      [['events', 'validate', dir], 'is a directory'],
      [['events', 'validate', write('empty.json', '  \n')], 'empty'],
      [['events', 'validate', write('text.txt', 'hello')], 'neither a JSON array'],
      [['events', 'validate', write('broken.json', '[{"kind": ')], 'not valid JSON'],
      [['events', 'validate', write('x.json', '[]'), '--format', 'xml'], '--format must be text or json'],
      [['events', 'validate', '--nope'], 'unknown option --nope'],
    ] as const) {
      const run = cli([...args]);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(text);
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
  }, 60_000);
});

describe('agentwire', () => {
  it('prints help, its version, and rejects unknown commands', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('agentwire events validate');
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    expect(cli(['--version']).stdout).toBe(`${version}\n`);
    const unknown = cli(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    expect(cli(['events', 'validate', '--help']).stdout).toContain('Exit codes: 0 every event is valid');
  });

  it('answers the usual ways of asking for help, and says what went wrong in its own words', () => {
    const bare = cli([]);
    expect([bare.status, bare.stdout]).toEqual([2, '']);
    expect(bare.stderr).toContain('agentwire validate');
    const group = cli(['events', '--help']);
    expect(group.status).toBe(0);
    expect(group.stdout).toContain('agentwire events list');
    expect(group.stdout).toContain('agentwire events validate');
    expect(cli(['events']).status).toBe(2);
    expect(cli(['help', 'events', 'validate']).stdout).toContain('Exit codes: 0 every event is valid');
    expect(cli(['help', 'validate']).stdout).toContain('--profile <name>');
    expect(cli(['help', 'nope']).status).toBe(2);
    for (const [args, text] of [
      [['serve', '--bogus'], 'unknown option --bogus'],
      [['serve', '--port'], '--port needs a value'],
      [['validate', '--strict=yes'], '--strict takes no value'],
    ] as const) {
      const run = cli([...args]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(text);
      expect(run.stderr).not.toContain("Option '");
    }
  }, 60_000);
});
