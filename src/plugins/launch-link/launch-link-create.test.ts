import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../internal/diagnostic';
import type { PluginSpec } from '../plugin-reference';
import { createLaunchLink, LaunchLinkError, type LaunchLinkErrorCode } from './launch-link-create';
import type { LaunchLinkRuleCode } from './launch-link-rules';

/** A warning as createLaunchLink gives it: short, at line 1 of the link, its hint left to launchLinkDiagnostics. */
const warning = (code: LaunchLinkRuleCode, column: number, message: string): Diagnostic => ({
  severity: 'warning',
  code,
  message,
  file: '<launch-link>',
  line: 1,
  column,
  hint: '',
});

const APP = 'https://app.example.com';

/** The app's own encoder, as its source and tests spell it. */
function appEncoder(plugins: unknown): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(plugins)));
  return `/launch?${new URLSearchParams({ plugins: btoa(binary) })}`;
}

function refusal(run: () => unknown): { code: LaunchLinkErrorCode; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LaunchLinkError);
    expect((error as LaunchLinkError).name).toBe('LaunchLinkError');
    return { code: (error as LaunchLinkError).code, message: (error as Error).message };
  }
  throw new Error('expected a LaunchLinkError');
}

describe('createLaunchLink: the encodings of the app tests', () => {
  it('encodes CJK text and an emoji in parameters as UTF-8', () => {
    const plugins = [{ source: 'github:owner/repo', parameters: { task: '整理发布说明 🚀' } }];
    const link = createLaunchLink({ appUrl: APP, plugins });
    expect(link.payload).toBe(
      'W3sic291cmNlIjoiZ2l0aHViOm93bmVyL3JlcG8iLCJwYXJhbWV0ZXJzIjp7InRhc2siOiLmlbTnkIblj5HluIPor7TmmI4g8J+agCJ9fV0=',
    );
    expect(link.url).toBe(
      `${APP}/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm93bmVyL3JlcG8iLCJwYXJhbWV0ZXJzIjp7InRhc2siOiLmlbTnkIblj5HluIPor7TmmI4g8J%2BagCJ9fV0%3D`,
    );
    expect(link.url.endsWith('8J%2BagCJ9fV0%3D')).toBe(true);
    expect(link.url).toBe(APP + appEncoder(plugins));
    expect(link.warnings).toEqual([]);
  });

  it('encodes a ref with `+` and a repo_path', () => {
    const plugins = [{ source: 'github:OpenHands/extensions', ref: 'v1.2+3', repo_path: 'sub/dir' }];
    const link = createLaunchLink({ appUrl: APP, plugins });
    expect(link.payload).toBe(
      'W3sic291cmNlIjoiZ2l0aHViOk9wZW5IYW5kcy9leHRlbnNpb25zIiwicmVmIjoidjEuMiszIiwicmVwb19wYXRoIjoic3ViL2RpciJ9XQ==',
    );
    expect(link.url).toBe(APP + appEncoder(plugins));
  });

  it('encodes an emoji ref and a CJK repo_path', () => {
    const plugins = [{ source: 'github:OpenHands/extensions', ref: '🚀-release', repo_path: '路径/skills' }];
    const link = createLaunchLink({ appUrl: APP, plugins });
    expect(link.payload).toBe(
      'W3sic291cmNlIjoiZ2l0aHViOk9wZW5IYW5kcy9leHRlbnNpb25zIiwicmVmIjoi8J+agC1yZWxlYXNlIiwicmVwb19wYXRoIjoi6Lev5b6EL3NraWxscyJ9XQ==',
    );
    expect(link.url).toBe(APP + appEncoder(plugins));
  });

  it('encodes the known GUIDE vector', () => {
    const link = createLaunchLink({
      appUrl: APP,
      plugins: [{ source: 'github:OpenHands/extensions', ref: 'main', repo_path: 'plugins/pr-review' }],
    });
    expect(link.payload).toBe(
      'W3sic291cmNlIjoiZ2l0aHViOk9wZW5IYW5kcy9leHRlbnNpb25zIiwicmVmIjoibWFpbiIsInJlcG9fcGF0aCI6InBsdWdpbnMvcHItcmV2aWV3In1d',
    );
  });
});

describe('createLaunchLink: the link', () => {
  const plugins = [{ source: 'github:o/r' }];
  const tail = '/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm8vciJ9XQ%3D%3D';

  it('keeps the app URL with or without a trailing slash, and its path prefix', () => {
    expect(createLaunchLink({ appUrl: 'https://app.example.com/', plugins }).url).toBe(`https://app.example.com${tail}`);
    expect(createLaunchLink({ appUrl: 'https://example.com/tools/oh', plugins }).url).toBe(`https://example.com/tools/oh${tail}`);
    expect(createLaunchLink({ appUrl: 'https://example.com/tools/oh//', plugins }).url).toBe(`https://example.com/tools/oh${tail}`);
    expect(createLaunchLink({ appUrl: new URL('http://localhost:3000'), plugins }).url).toBe(`http://localhost:3000${tail}`);
    expect(createLaunchLink({ appUrl: 'HTTPS://App.Example.COM:443', plugins }).url).toBe(`https://app.example.com${tail}`);
  });

  it('percent-encodes the message as URLSearchParams does, and leaves an empty one out', () => {
    const link = createLaunchLink({ appUrl: APP, plugins, message: 'Navigate to /tmp & say "hi" + 100%' });
    expect(link.url).toBe(`${APP}${tail}&message=Navigate+to+%2Ftmp+%26+say+%22hi%22+%2B+100%25`);
    expect(new URL(link.url).searchParams.get('message')).toBe('Navigate to /tmp & say "hi" + 100%');
    expect(createLaunchLink({ appUrl: APP, plugins, message: '' }).url).toBe(`${APP}${tail}`);
    expect(createLaunchLink({ appUrl: APP, plugins, message: undefined }).url).toBe(`${APP}${tail}`);
  });

  it('is a string where a string is wanted', () => {
    const link = createLaunchLink({ appUrl: APP, plugins });
    expect(String(link)).toBe(link.url);
    expect(`${link}`).toBe(link.url);
    expect(link.length).toBe(link.url.length);
  });

  it('writes the known keys in the order source, ref, repo_path, parameters, nulls as given, undefined left out', () => {
    const spec = { parameters: { a: 1 }, repo_path: undefined, ref: null, source: 'github:o/r' } as unknown as PluginSpec;
    const link = createLaunchLink({ appUrl: APP, plugins: [spec] });
    expect(atob(link.payload)).toBe('[{"source":"github:o/r","ref":null,"parameters":{"a":1}}]');
  });

  it('leaves out keys the app drops, with a warning', () => {
    const spec = { source: 'github:o/r', name: 'x', version: 2 } as PluginSpec;
    const link = createLaunchLink({ appUrl: APP, plugins: [spec] });
    expect(atob(link.payload)).toBe('[{"source":"github:o/r"}]');
    expect(link.warnings).toEqual([
      warning('launch-link-unknown-key', 1, 'plugins[0] has the key "name"'),
      warning('launch-link-unknown-key', 1, 'plugins[0] has the key "version"'),
    ]);
  });

  it('warns when the message will change in the app: tags removed, cut at 500 units', () => {
    const link = createLaunchLink({ appUrl: APP, plugins, message: `<b>Hi</b> ${'a'.repeat(496)}😀` });
    const column = link.url.indexOf('&message=') + 10;
    expect(link.warnings).toEqual([
      warning('launch-link-message-tags', column, 'the message holds 2 <…> part(s), first "<b>"'),
      warning('launch-link-message-cut', column, 'the message is 501 UTF-16 code units long'),
    ]);
  });

  it('warns past 8,000 characters, not at 8,000', () => {
    const base = createLaunchLink({ appUrl: APP, plugins }).url;
    const fill = (extra: number) => 'x'.repeat(8000 - base.length - '&message='.length + extra);
    const at = createLaunchLink({ appUrl: APP, plugins, message: fill(0) });
    expect(at.length).toBe(8000);
    expect(at.warnings.map((warning) => warning.code)).toEqual(['launch-link-message-cut']);
    const past = createLaunchLink({ appUrl: APP, plugins, message: fill(1) });
    expect(past.length).toBe(8001);
    expect(past.warnings.at(-1)).toEqual(warning('launch-link-too-long', 8001, 'the link is 8001 characters long'));
  });
});

describe('createLaunchLink: programmer errors', () => {
  const plugins = [{ source: 'github:o/r' }];

  it.each([
    'app.example.com',
    '/launch',
    'ftp://app.example.com',
    'javascript:alert(1)',
    'https://user:secret@app.example.com',
    'https://app.example.com/?a=1',
    'https://app.example.com/#x',
    '',
  ])('refuses the app URL %j', (appUrl) => {
    expect(refusal(() => createLaunchLink({ appUrl, plugins })).code).toBe('invalid-app-url');
  });

  it('never echoes the URL it refuses (it may hold credentials)', () => {
    const { message } = refusal(() => createLaunchLink({ appUrl: 'https://user:secret@app.example.com', plugins }));
    expect(message).toBe('appUrl must be an absolute http(s) URL without credentials, query or fragment.');
  });

  it('refuses no plugins', () => {
    expect(refusal(() => createLaunchLink({ appUrl: APP, plugins: [] })).code).toBe('no-plugins');
    expect(refusal(() => createLaunchLink({ appUrl: APP, plugins: 'x' as never })).code).toBe('no-plugins');
  });

  it.each([
    [null, 'plugins[0] needs a non-empty string source.'],
    [{}, 'plugins[0] needs a non-empty string source.'],
    [{ source: 3 }, 'plugins[0] needs a non-empty string source.'],
    [{ source: '' }, 'plugins[0] needs a non-empty string source.'],
    [{ source: 's', ref: 3 }, 'plugins[0].ref is number, not a string or null.'],
    [{ source: 's', repo_path: {} }, 'plugins[0].repo_path is object, not a string or null.'],
  ])('refuses the plugin %j', (plugin, message) => {
    expect(refusal(() => createLaunchLink({ appUrl: APP, plugins: [plugin as PluginSpec] }))).toEqual({ code: 'invalid-plugin', message });
  });

  const nested = (depth: number) => {
    let value: Record<string, unknown> = {};
    for (let i = 1; i < depth; i++) value = { a: value };
    return value;
  };
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;

  it.each([
    ['an array', [], 'plugins[0].parameters is array, not an object or null.'],
    ['a string', 'x', 'plugins[0].parameters is string, not an object or null.'],
    ['a function', { f: () => 1 }, 'plugins[0].parameters hold a value that is not plain JSON.'],
    ['a Date', { when: new Date(0) }, 'plugins[0].parameters hold a value that is not plain JSON.'],
    ['NaN', { n: Number.NaN }, 'plugins[0].parameters hold a value that is not plain JSON.'],
    ['undefined in an array', { list: [1, undefined] }, 'plugins[0].parameters hold a value that is not plain JSON.'],
    ['a map', { m: new Map() }, 'plugins[0].parameters hold a value that is not plain JSON.'],
    ['101 levels', nested(101), 'plugins[0].parameters nest more than 100 levels deep.'],
  ])('refuses parameters holding %s', (_, parameters, message) => {
    const run = () => createLaunchLink({ appUrl: APP, plugins: [{ source: 's', parameters: parameters as never }] });
    expect(refusal(run)).toEqual({ code: 'invalid-parameters', message });
  });

  it('refuses cycles and bigints with what JSON says', () => {
    for (const parameters of [cycle, { big: 1n }]) {
      const { code, message } = refusal(() =>
        createLaunchLink({ appUrl: APP, plugins: [{ source: 's', parameters: parameters as never }] }),
      );
      expect(code).toBe('invalid-parameters');
      expect(message).toMatch(/^The plugins cannot be written as JSON \(.+\)\.$/s);
    }
  });

  it('accepts 100 levels, objects without a prototype, and undefined properties (left out, as JSON does)', () => {
    expect(createLaunchLink({ appUrl: APP, plugins: [{ source: 's', parameters: nested(100) as never }] }).url).toContain('/launch?');
    const bare = Object.assign(Object.create(null), { a: 1 });
    expect(atob(createLaunchLink({ appUrl: APP, plugins: [{ source: 's', parameters: bare }] }).payload)).toBe(
      '[{"source":"s","parameters":{"a":1}}]',
    );
    const link = createLaunchLink({ appUrl: APP, plugins: [{ source: 's', parameters: { a: undefined, b: null } as never }] });
    expect(atob(link.payload)).toBe('[{"source":"s","parameters":{"b":null}}]');
  });

  it('refuses a message that is not a string', () => {
    expect(refusal(() => createLaunchLink({ appUrl: APP, plugins, message: 3 as never })).code).toBe('invalid-message');
  });
});
