import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../internal/diagnostic';
import { parseLaunchLink } from './launch-link-parse';
import { LAUNCH_LINK_MAX_LENGTH, type LaunchLinkRuleCode } from './launch-link-rules';

const APP = 'https://app.example.com/launch?plugins=';
/** The column of the plugins value in a link that starts with {@link APP}. */
const VALUE = APP.length + 1;
const MODES = ['service', 'tolerant'] as const;

const plugin = (source: string, ref: unknown = null, repo_path: unknown = null, parameters: unknown = null) => ({
  source,
  ref,
  repo_path,
  parameters,
});
/** A diagnostic as parseLaunchLink gives it: short, at line 1 of the link, its hint left to launchLinkDiagnostics. */
const note = (code: LaunchLinkRuleCode, severity: Diagnostic['severity'], column: number, message: string): Diagnostic => ({
  severity,
  code,
  message,
  file: '<launch-link>',
  line: 1,
  column,
  hint: '',
});

// Real README badges, with Python json.dumps spacing.
const CITY_WEATHER =
  'W3sic291cmNlIjogImdpdGh1YjpqcHNoYWNrZWxmb3JkL29wZW5oYW5kcy1zYW1wbGUtcGx1Z2lucyIsICJyZWYiOiAibWFpbiIsICJyZXBvX3BhdGgiOiAicGx1Z2lucy9jaXR5LXdlYXRoZXIifV0=';
const SANDBOX_ENFORCER =
  'W3sic291cmNlIjogImdpdGh1YjpqcHNoYWNrZWxmb3JkL29oLWV4YW1wbGVzIiwgInJlZiI6ICJtYWluIiwgInJlcG9fcGF0aCI6ICJ3b3Jrc3BhY2UtaXNvbGF0aW9uL3NhbmRib3gtZW5mb3JjZXIifV0%3D';
const FINISH_CALLBACK =
  'W3sic291cmNlIjogImdpdGh1YjpqcHNoYWNrZWxmb3JkL29oLWV4YW1wbGVzIiwgInJlZiI6ICJtYWluIiwgInJlcG9fcGF0aCI6ICJmaW5pc2gtY2FsbGJhY2svb2gtZmluaXNoLWNhbGxiYWNrIn1d';
const LATIN1 = 'W3sic291cmNlIjoiZ2l0aHViOm8vciIsInBhcmFtZXRlcnMiOnsiY2l0eSI6Ilr8cmljaCJ9fV0=';
const PLUSSY = 'W3sic291cmNlIjoiZ2l0aHViOm8vcj8/IiwicmVmIjoidj4+PiJ9XQ==';

describe.each(MODES)('the reference vectors, mode %s', (mode) => {
  const parse = (link: string) => parseLaunchLink(link, { mode });

  it('reads a README badge with a raw `=`', () => {
    expect(parse(APP + CITY_WEATHER)).toEqual({
      ok: true,
      value: {
        plugins: [plugin('github:jpshackelford/openhands-sample-plugins', 'main', 'plugins/city-weather')],
        message: undefined,
        app: 'ok',
      },
      diagnostics: [],
    });
  });

  it('reads a badge with an escaped `=` and a %20-encoded message', () => {
    const result = parse(`${APP + SANDBOX_ENFORCER}&message=Navigate%20to%20%2Ftmp%20and%20create%20a%20file%20there`);
    expect(result).toEqual({
      ok: true,
      value: {
        plugins: [plugin('github:jpshackelford/oh-examples', 'main', 'workspace-isolation/sandbox-enforcer')],
        message: 'Navigate to /tmp and create a file there',
        app: 'ok',
      },
      diagnostics: [],
    });
  });

  it('reads a badge without padding to fix and a message', () => {
    const result = parse(`${APP + FINISH_CALLBACK}&message=Say%20hello%20and%20then%20finish.`);
    expect(result).toMatchObject({
      ok: true,
      value: {
        plugins: [plugin('github:jpshackelford/oh-examples', 'main', 'finish-callback/oh-finish-callback')],
        message: 'Say hello and then finish.',
      },
      diagnostics: [],
    });
  });

  it('reads the encodings of the app tests (UTF-8, `+` in a ref, emoji)', () => {
    const cases = [
      [
        'W3sic291cmNlIjoiZ2l0aHViOm93bmVyL3JlcG8iLCJwYXJhbWV0ZXJzIjp7InRhc2siOiLmlbTnkIblj5HluIPor7TmmI4g8J%2BagCJ9fV0%3D',
        plugin('github:owner/repo', null, null, { task: '整理发布说明 🚀' }),
      ],
      [
        'W3sic291cmNlIjoiZ2l0aHViOk9wZW5IYW5kcy9leHRlbnNpb25zIiwicmVmIjoidjEuMiszIiwicmVwb19wYXRoIjoic3ViL2RpciJ9XQ%3D%3D',
        plugin('github:OpenHands/extensions', 'v1.2+3', 'sub/dir'),
      ],
      [
        'W3sic291cmNlIjoiZ2l0aHViOk9wZW5IYW5kcy9leHRlbnNpb25zIiwicmVmIjoi8J%2BagC1yZWxlYXNlIiwicmVwb19wYXRoIjoi6Lev5b6EL3NraWxscyJ9XQ%3D%3D',
        plugin('github:OpenHands/extensions', '🚀-release', '路径/skills'),
      ],
    ] as const;
    for (const [value, expected] of cases)
      expect(parse(`/launch?plugins=${value}`)).toMatchObject({ ok: true, value: { plugins: [expected] }, diagnostics: [] });
  });

  it('keeps a source with non-ASCII path segments as it is', () => {
    const value = encodeURIComponent(
      btoa(String.fromCharCode(...new TextEncoder().encode('[{"source":"github:qa/répo/プラグ/city-weather"}]'))),
    );
    expect(parse(`?plugins=${value}`)).toMatchObject({ ok: true, value: { plugins: [plugin('github:qa/répo/プラグ/city-weather')] } });
  });

  it('accepts a value without padding', () => {
    const result = parse(`${APP}W3sic291cmNlIjoiYSJ9XQ`);
    expect(result).toMatchObject({ ok: true, value: { plugins: [plugin('a')], app: 'ok' } });
    expect(result.diagnostics).toEqual(
      mode === 'service'
        ? []
        : [note('launch-link-missing-padding', 'info', VALUE, 'the plugins value ends with 0 `=` where base64 needs 2')],
    );
  });

  it.each([
    ['not base64', 'not-valid-base64!!!', 'the plugins value is not base64'],
    [
      'not JSON',
      btoa('not valid json'),
      `the decoded plugins value is not JSON (Unexpected token 'o', "not valid json" is not valid JSON)`,
    ],
    ['an object', btoa('{"source":"github:o/r"}'), 'the decoded plugins value is object, not an array'],
    ['an element without source', btoa('[{"ref":"main"}]'), 'plugins[0].source is undefined, not an object with a string source'],
  ])('refuses %s, as the app tests do', (_, value, message) => {
    const result = parse(APP + encodeURIComponent(value));
    const code = message.startsWith('plugins[') ? 'launch-link-bad-element' : 'launch-link-invalid-payload';
    expect(result).toEqual({
      ok: false,
      code: 'invalid-format',
      app: 'invalid-format',
      diagnostics: [note(code, 'error', VALUE, message)],
    });
  });

  it('answers no-plugins for an empty query, an empty value and an empty array', () => {
    const none = note('launch-link-no-plugins', 'error', 1, 'the link has no plugins value and no plugin_source');
    for (const link of ['', '?', 'https://app.example.com/launch', `${APP}`]) {
      expect(parse(link)).toEqual({ ok: false, code: 'no-plugins', app: 'no-plugins', diagnostics: [none] });
    }
    const empty = note('launch-link-no-plugins', 'error', VALUE, 'the plugins value is an empty array');
    expect(parse(APP + btoa('[]'))).toMatchObject({ ok: false, code: 'no-plugins', diagnostics: [empty] });
  });

  it('sanitises the message as the app does', () => {
    const read = (message: string) => {
      const result = parse(`${APP + CITY_WEATHER}&message=${encodeURIComponent(message)}`);
      return result.ok ? result.value.message : 'failed';
    };
    expect(read('<script>alert("xss")</script>Safe text')).toBe('alert("xss")Safe text');
    expect(read('<img src=x onerror=alert(1)>Safe content')).toBe('Safe content');
    expect(read('A'.repeat(600))).toBe('A'.repeat(500));
    expect(read('<b></b>')).toBeUndefined();
    expect(parse(`${APP + CITY_WEATHER}&message=a+b`)).toMatchObject({ value: { message: 'a b' } });
  });
});

describe('where the modes differ', () => {
  it('decodes a Latin-1 link with U+FFFD in service mode and as Latin-1 in tolerant mode', () => {
    expect(parseLaunchLink(APP + LATIN1, { mode: 'service' })).toEqual({
      ok: true,
      value: { plugins: [plugin('github:o/r', null, null, { city: 'Z\uFFFDrich' })], message: undefined, app: 'ok' },
      diagnostics: [],
    });
    expect(parseLaunchLink(APP + LATIN1)).toEqual({
      ok: true,
      value: { plugins: [plugin('github:o/r', null, null, { city: 'Zürich' })], message: undefined, app: 'ok' },
      diagnostics: [
        note('launch-link-latin1', 'error', VALUE, 'the payload is Latin-1, not UTF-8 (the app reads …":{"city":"Z\uFFFDrich"}}]…)'),
      ],
    });
  });

  it('refuses base64url in service mode and reads it in tolerant mode', () => {
    const url = `${APP}W3sic291cmNlIjoiZ2l0aHViOm8vcj8_IiwicmVmIjoidj4-PiJ9XQ`;
    expect(parseLaunchLink(url, { mode: 'service' })).toMatchObject({ ok: false, code: 'invalid-format' });
    expect(parseLaunchLink(url)).toEqual({
      ok: true,
      value: { plugins: [plugin('github:o/r??', 'v>>>')], message: undefined, app: 'invalid-format' },
      diagnostics: [
        note('launch-link-base64url', 'error', VALUE, 'the plugins value is base64url (`-`, `_`)'),
        note('launch-link-missing-padding', 'info', VALUE, 'the plugins value ends with 0 `=` where base64 needs 2'),
      ],
    });
  });

  it('refuses a raw `+` in service mode and reads it in tolerant mode', () => {
    expect(parseLaunchLink(APP + PLUSSY, { mode: 'service' })).toMatchObject({ ok: false, code: 'invalid-format' });
    expect(parseLaunchLink(APP + PLUSSY)).toEqual({
      ok: true,
      value: { plugins: [plugin('github:o/r??', 'v>>>')], message: undefined, app: 'invalid-format' },
      diagnostics: [note('launch-link-raw-plus', 'error', VALUE, 'a `+` in the plugins value is not percent-encoded')],
    });
  });

  it('corrects a wrong number of `=` in tolerant mode only', () => {
    const url = `${APP}W3sic291cmNlIjoiYSJ9XQ%3D`;
    expect(parseLaunchLink(url, { mode: 'service' })).toMatchObject({ ok: false, code: 'invalid-format' });
    expect(parseLaunchLink(url)).toMatchObject({
      ok: true,
      value: { plugins: [plugin('a')], app: 'invalid-format' },
      diagnostics: [note('launch-link-missing-padding', 'error', VALUE, 'the plugins value ends with 1 `=` where base64 needs 2')],
    });
  });

  it('lets white space through as atob does, in both modes', () => {
    const url = `${APP}W3sic291cmNl%0AIjoiYSJ9XQ%3D%3D`;
    expect(parseLaunchLink(url, { mode: 'service' })).toMatchObject({ ok: true, value: { plugins: [plugin('a')] }, diagnostics: [] });
    expect(parseLaunchLink(url)).toMatchObject({ ok: true, value: { plugins: [plugin('a')] }, diagnostics: [] });
  });

  it('passes field types through in service mode and refuses them, each, in tolerant mode', () => {
    const value = encodeURIComponent(
      btoa('[{"source":"a","ref":3,"parameters":[1]},{"source":"b","repo_path":{}},{"source":"c","parameters":{"k":true}}]'),
    );
    expect(parseLaunchLink(APP + value, { mode: 'service' })).toMatchObject({
      ok: true,
      value: { plugins: [plugin('a', 3, null, [1]), plugin('b', null, {}), plugin('c', null, null, { k: true })] },
    });
    const problems = [
      note('launch-link-bad-element', 'error', VALUE, 'plugins[0].ref is number, not a string or null'),
      note('launch-link-bad-element', 'error', VALUE, 'plugins[0].parameters is array, not an object or null'),
      note('launch-link-bad-element', 'error', VALUE, 'plugins[1].repo_path is object, not a string or null'),
    ];
    expect(parseLaunchLink(APP + value)).toEqual({ ok: false, code: 'invalid-format', app: 'ok', diagnostics: problems });
  });

  it('refuses parameters nested more than 100 levels in tolerant mode only', () => {
    const deep = (levels: number) => `[{"source":"a","parameters":${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}}]`;
    const link = (levels: number) => APP + encodeURIComponent(btoa(deep(levels)));
    expect(parseLaunchLink(link(100))).toMatchObject({ ok: true });
    expect(parseLaunchLink(link(101))).toMatchObject({
      ok: false,
      code: 'invalid-format',
      app: 'ok',
      diagnostics: [note('launch-link-too-deep', 'error', VALUE, 'plugins[0].parameters nest more than 100 levels deep')],
    });
    expect(parseLaunchLink(link(101), { mode: 'service' })).toMatchObject({ ok: true });
  });
});

describe('what both modes report', () => {
  it.each(MODES)('notes keys the app drops (%s)', (mode) => {
    const value = encodeURIComponent(btoa('[{"source":"a","name":"x","__proto__":{"polluted":1}}]'));
    const result = parseLaunchLink(APP + value, { mode });
    expect(result).toEqual({
      ok: true,
      value: { plugins: [plugin('a')], message: undefined, app: 'ok' },
      diagnostics: [
        note('launch-link-unknown-key', 'warning', VALUE, 'plugins[0] has the key "name"'),
        note('launch-link-unknown-key', 'warning', VALUE, 'plugins[0] has the key "__proto__"'),
      ],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps `__proto__` inside parameters as data', () => {
    const value = encodeURIComponent(btoa('[{"source":"a","parameters":{"__proto__":{"polluted":1},"k":1}}]'));
    const result = parseLaunchLink(APP + value);
    if (!result.ok) throw new Error('expected ok');
    const parameters = result.value.plugins[0]?.parameters as Record<string, unknown>;
    expect(Object.keys(parameters)).toEqual(['__proto__', 'k']);
    expect(Object.getPrototypeOf(parameters)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads the development form only when plugins is absent or empty', () => {
    const dev = 'plugin_source=github%3Ao%2Fr&plugin_ref=main&plugin_repo_path=plugins%2Fx&message=hi';
    expect(parseLaunchLink(`/launch?${dev}`, { mode: 'service' })).toEqual({
      ok: true,
      value: { plugins: [plugin('github:o/r', 'main', 'plugins/x')], message: 'hi', app: 'ok' },
      diagnostics: [note('launch-link-dev-form', 'info', 23, 'the link uses plugin_source')],
    });
    expect(parseLaunchLink(`?plugins=&plugin_source=s&plugin_ref=`)).toMatchObject({ ok: true, value: { plugins: [plugin('s', '')] } });
    const both = parseLaunchLink(`${APP + CITY_WEATHER}&plugin_source=s`);
    expect(both).toMatchObject({ ok: true, value: { plugins: [{ ref: 'main' }] } });
    expect(both.diagnostics).toEqual([
      note('launch-link-dev-form', 'warning', VALUE + CITY_WEATHER.length + 15, 'plugin_source is ignored'),
    ]);
    expect(parseLaunchLink(`${APP + btoa('[]')}&plugin_source=s`)).toMatchObject({ ok: false, code: 'no-plugins' });
  });

  it('reads full URLs, URL objects, paths, queries, and ignores fragments', () => {
    const expected = {
      ok: true,
      value: { plugins: [plugin('github:jpshackelford/openhands-sample-plugins', 'main', 'plugins/city-weather')] },
    };
    for (const link of [
      APP + CITY_WEATHER,
      new URL(APP + CITY_WEATHER),
      `/app/launch?plugins=${CITY_WEATHER}`,
      `launch?plugins=${CITY_WEATHER}#top`,
      `?plugins=${CITY_WEATHER}`,
      `plugins=${CITY_WEATHER}`,
      `${APP + CITY_WEATHER}#plugins=zzz`,
    ]) {
      expect(parseLaunchLink(link)).toMatchObject(expected);
    }
  });

  it('notes a link that does not open /launch, and one past 8,000 characters', () => {
    const result = parseLaunchLink(`https://app.example.com/conversations?plugins=${CITY_WEATHER}&message=${'a'.repeat(8000)}`);
    expect(result.diagnostics).toEqual([
      note('launch-link-too-long', 'warning', 8001, `the link is ${46 + CITY_WEATHER.length + 9 + 8000} characters long`),
      note('launch-link-wrong-path', 'warning', 1, 'the link does not open /launch'),
      note('launch-link-message-cut', 'warning', 46 + CITY_WEATHER.length + 10, 'the message is 8000 UTF-16 code units long'),
    ]);
  });
});

describe('hostile input gives a typed result', () => {
  it.each([[null], [undefined], [42], [{ href: 'x' }]])('refuses %j as a link', (input) => {
    const message = 'the link is not a string or URL';
    expect(parseLaunchLink(input as never)).toEqual({
      ok: false,
      code: 'invalid-format',
      app: 'invalid-format',
      diagnostics: [note('launch-link-invalid-payload', 'error', 1, message)],
    });
  });

  it('reads strings that are not URLs as queries', () => {
    expect(parseLaunchLink('http://[::1')).toMatchObject({ ok: false, code: 'no-plugins' });
    expect(parseLaunchLink('just some text')).toMatchObject({ ok: false, code: 'no-plugins' });
  });

  it('survives invalid percent-encoding', () => {
    expect(parseLaunchLink(`${APP}%zz%E0%A4`)).toMatchObject({ ok: false, code: 'invalid-format' });
    expect(parseLaunchLink(`${APP + CITY_WEATHER}&message=%E0%A4%zz`)).toMatchObject({ ok: true, value: { message: '\uFFFD%zz' } });
  });

  // How long a 10 MB link takes is measured by `npm run bench` (Hostile input), against base64-decoding as much.
  it.each(MODES)(
    'answers a 10 MB link with a small typed result (%s)',
    (mode) => {
      const size = 10 * 1024 * 1024;
      const tooLong = (length: number) =>
        note('launch-link-too-long', 'warning', LAUNCH_LINK_MAX_LENGTH + 1, `the link is ${length} characters long`);
      const payload = parseLaunchLink(APP + 'A'.repeat(size), { mode });
      expect(payload).toMatchObject({
        ok: false,
        code: 'invalid-format',
        app: 'invalid-format',
        diagnostics: [{ code: 'launch-link-invalid-payload', severity: 'error', column: VALUE }, tooLong(APP.length + size)],
      });
      const text = parseLaunchLink('x'.repeat(size), { mode });
      const none = 'the link has no plugins value and no plugin_source';
      expect(text).toEqual({
        ok: false,
        code: 'no-plugins',
        app: 'no-plugins',
        diagnostics: [note('launch-link-no-plugins', 'error', 1, none), tooLong(size)],
      });
      // Nothing of the 10 MB is copied into the result.
      for (const result of [payload, text]) expect(JSON.stringify(result).length).toBeLessThan(1000);
    },
    120_000,
  );

  it.each(MODES)(
    'reads JSON nested 200,000 levels deep without exhausting the stack (%s)',
    (mode) => {
      // Over ten times the depth a recursive reader reaches on Node's default stack (under 14,000 frames).
      const levels = 200_000;
      const json = `[{"source":"a","parameters":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}]`;
      const result = parseLaunchLink(APP + encodeURIComponent(btoa(json)), { mode });
      expect(result.ok).toBe(mode === 'service');
      const top = parseLaunchLink(APP + encodeURIComponent(btoa('['.repeat(levels) + ']'.repeat(levels))), { mode });
      expect(top).toMatchObject({ ok: false, code: 'invalid-format' });
      expect(top.diagnostics[0]?.message).toBe('plugins[0].source is undefined, not an object with a string source');
    },
    120_000,
  );

  it('lists at most 50 problems, then says more were left out', () => {
    const result = parseLaunchLink(APP + btoa(JSON.stringify(Array.from({ length: 100_000 }, () => 1))));
    if (result.ok) throw new Error('expected a failure');
    const problems = result.diagnostics.filter((found) => found.code === 'launch-link-bad-element');
    expect(problems).toHaveLength(51);
    expect(problems[50]).toEqual(note('launch-link-bad-element', 'error', VALUE, 'more findings left out'));
  });
});
