/**
 * Launch links as properties: what agentwire makes, agentwire and the app read back exactly; what
 * users break on the way (a raw `+`, base64url, lost padding, Latin-1 from old encoders), the
 * tolerant mode repairs; nothing makes the decoder throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLaunchLink, type LaunchPlugin, type PluginParameterValue, type PluginSpec, parseLaunchLink } from '../index';

const APP = 'https://app.example.com/tools';

// Text of every kind: any code point (astral ones become surrogate pairs), and the characters
// that matter to URLs, base64, HTML stripping and bidirectional display.
const special = fc.constantFrom(
  'a',
  'Z',
  '0',
  ' ',
  '+',
  '/',
  '=',
  '&',
  '%',
  '#',
  '?',
  '<',
  '>',
  '"',
  '\\',
  '\0',
  '\n',
  '\t',
  'é',
  'ü',
  '中',
  '😀',
  '\u202e',
  '\u200f',
  '\ufeff',
);
const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: special, maxLength: 40 }));
const parameters = fc.dictionary(text, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 5 }) as fc.Arbitrary<Record<string, PluginParameterValue>>;
const spec: fc.Arbitrary<PluginSpec> = fc.record(
  {
    source: text.filter((source) => source.length > 0),
    ref: fc.option(text, { nil: null }),
    repo_path: fc.option(text, { nil: null }),
    parameters: fc.option(parameters, { nil: null }),
  },
  { requiredKeys: ['source'] },
);
const input = fc.record({
  plugins: fc.array(spec, { minLength: 1, maxLength: 4 }),
  message: fc.option(
    fc.oneof(
      text,
      fc.string({ unit: special, minLength: 480, maxLength: 520 }),
      // Around the 500-unit cut, emoji included (the cut may split one).
      fc.string({ unit: fc.constantFrom('a', ' ', 'é', '😀'), minLength: 480, maxLength: 520 }),
    ),
    { nil: undefined },
  ),
});

/** What a plugin reads back as: every field present, absent ones null, parameters as JSON carries them. */
function sanitised(plugin: PluginSpec): LaunchPlugin {
  return {
    source: plugin.source,
    ref: plugin.ref ?? null,
    repo_path: plugin.repo_path ?? null,
    parameters: plugin.parameters == null ? null : JSON.parse(JSON.stringify(plugin.parameters)),
  };
}

/** The app's message sanitising, written as its source writes it. */
function appMessage(message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  const stripped = message.replace(/<[^>]*>/g, '').slice(0, 500);
  return stripped || undefined;
}

/** The app's decoder, written as its source writes it. */
function appDecode(link: string): { plugins: unknown; message: string | null } {
  const params = new URL(link).searchParams;
  const binary = atob(params.get('plugins') ?? '');
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return { plugins: JSON.parse(new TextDecoder().decode(bytes)), message: params.get('message') };
}

/** The app's encoder, written as its source writes it. */
function appEncode(plugins: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(plugins));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `/launch?${new URLSearchParams({ plugins: btoa(binary) })}`;
}

describe('launch links made by agentwire', () => {
  it('read back as they were made, after the app’s sanitising, in both modes', () => {
    fc.assert(
      fc.property(input, ({ plugins, message }) => {
        const link = createLaunchLink({ appUrl: APP, plugins, message });
        const expected = { ok: true, value: { plugins: plugins.map(sanitised), message: appMessage(message), app: 'ok' } };
        const tolerant = parseLaunchLink(link.url);
        expect(tolerant).toMatchObject(expected);
        expect(tolerant.diagnostics.filter((found) => found.severity === 'error')).toEqual([]);
        expect(parseLaunchLink(link.url, { mode: 'service' })).toMatchObject(expected);
        expect(parseLaunchLink(String(link), { mode: 'service' })).toMatchObject(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('are read by a decoder written the app’s way', () => {
    fc.assert(
      fc.property(input, ({ plugins, message }) => {
        const link = createLaunchLink({ appUrl: APP, plugins, message });
        const read = appDecode(link.url);
        expect(read.plugins).toEqual(JSON.parse(JSON.stringify(plugins)));
        expect(read.message).toBe(message ? message : null);
      }),
      { numRuns: 300 },
    );
  });

  it('are the links the app’s own encoder makes', () => {
    fc.assert(
      fc.property(input, ({ plugins }) => {
        expect(createLaunchLink({ appUrl: APP, plugins }).url).toBe(APP + appEncode(plugins));
      }),
      { numRuns: 300 },
    );
  });
});

describe('links broken on the way', () => {
  const raw = (plugins: PluginSpec[]) => createLaunchLink({ appUrl: APP, plugins }).payload;

  it('with a raw `+`, `/` and `=`: the tolerant mode reads them, and says so when a `+` was there', () => {
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 3 }), (plugins) => {
        const payload = raw(plugins);
        const result = parseLaunchLink(`${APP}/launch?plugins=${payload}`);
        expect(result).toMatchObject({ ok: true, value: { plugins: plugins.map(sanitised) } });
        expect(result.diagnostics.map((found) => found.code)).toEqual(payload.includes('+') ? ['launch-link-raw-plus'] : []);
      }),
      { numRuns: 200 },
    );
  });

  it('as base64url without padding: the tolerant mode reads them, the app does not', () => {
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 3 }), (plugins) => {
        const payload = raw(plugins);
        const url = payload.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        const result = parseLaunchLink(`${APP}/launch?plugins=${url}`);
        expect(result).toMatchObject({ ok: true, value: { plugins: plugins.map(sanitised) } });
        if (/[-_]/.test(url)) expect(result).toMatchObject({ value: { app: 'invalid-format' } });
      }),
      { numRuns: 200 },
    );
  });

  it('made with plain btoa over Latin-1 text: the tolerant mode reads them, the app shows U+FFFD', () => {
    const latin = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'à', 'é', 'ü', 'ÿ', 'ð'), minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(latin, latin, (source, city) => {
        const json = JSON.stringify([{ source, parameters: { city } }]);
        const link = `${APP}/launch?${new URLSearchParams({ plugins: btoa(json) })}`;
        const tolerant = parseLaunchLink(link);
        expect(tolerant).toMatchObject({ ok: true, value: { plugins: [{ source, parameters: { city } }] } });
        const latin1 = [...json].some((character) => character.charCodeAt(0) > 0x7f);
        expect(tolerant.diagnostics.map((found) => found.code)).toEqual(latin1 ? ['launch-link-latin1'] : []);
        const service = parseLaunchLink(link, { mode: 'service' });
        if (service.ok && latin1) expect(JSON.stringify(service.value.plugins)).toContain('\uFFFD');
      }),
      { numRuns: 200 },
    );
  });
});

describe('the decoder never throws', () => {
  const base64Of = (value: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value) ?? 'null')));

  it('on any text, any JSON, and any percent-mangled query', () => {
    const links = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: special }).map((value) => `?plugins=${value}`),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.jsonValue().map((value) => `/launch?plugins=${encodeURIComponent(base64Of(value))}`),
      fc.array(fc.jsonValue(), { minLength: 1 }).map((value) => `/launch?plugins=${encodeURIComponent(base64Of(value))}`),
      fc.uint8Array().map((bytes) => `plugins=${encodeURIComponent(btoa(String.fromCharCode(...bytes)))}`),
    );
    fc.assert(
      fc.property(links, fc.constantFrom('service', 'tolerant') as fc.Arbitrary<'service' | 'tolerant'>, (link, mode) => {
        const result = parseLaunchLink(link, { mode });
        if (result.ok) {
          expect(result.value.plugins.length).toBeGreaterThan(0);
          for (const plugin of result.value.plugins) expect(typeof plugin.source).toBe('string');
        } else {
          expect(['invalid-format', 'no-plugins']).toContain(result.code);
          expect(result.diagnostics[0]?.severity).toBe('error');
        }
      }),
      { numRuns: 1000 },
    );
  });
});
