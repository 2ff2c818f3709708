/**
 * `agentwire launch-link create` and `inspect`: every --plugin form, --param naming and typing,
 * round trips, the app's test vectors, hostile links, help (run in process), and colour through
 * the built executable.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, requireBuild } from './helpers/built';
import { runAgentwire } from './helpers/cli-in-process';

const cli = (args: string[], input?: string) => runAgentwire(args, input);
const APP = 'https://app.example.com';
const create = (...args: string[]) => cli(['launch-link', 'create', '--app-url', APP, ...args]);
const createJson = async (...args: string[]) => {
  const run = await create(...args, '--format', 'json');
  return { ...run, json: JSON.parse(run.stdout) as { url: string; length: number; payload: string; warnings: { code: string }[] } };
};
/** The JSON array a payload carries. */
const decoded = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
const inspectJson = async (...args: string[]) => {
  const run = await cli(['launch-link', 'inspect', ...args, '--format', 'json']);
  return { ...run, json: JSON.parse(run.stdout) };
};

beforeAll(requireBuild);
// A test that runs the executable many times has a timeout of ten times what it takes on an idle 2-core machine.

// Vectors of the reference app and of real README badges (each checked with Node's atob and TextDecoder).
const VECTORS = {
  /** A real badge: Python json.dumps spacing, the raw `=` left unescaped. */
  badge:
    'W3sic291cmNlIjogImdpdGh1YjpqcHNoYWNrZWxmb3JkL29wZW5oYW5kcy1zYW1wbGUtcGx1Z2lucyIsICJyZWYiOiAibWFpbiIsICJyZXBvX3BhdGgiOiAicGx1Z2lucy9jaXR5LXdlYXRoZXIifV0=',
  /** sandbox-enforcer badge (jpshackelford/oh-examples workspace-isolation/README.md), with its message. */
  sandbox:
    'W3sic291cmNlIjogImdpdGh1YjpqcHNoYWNrZWxmb3JkL29oLWV4YW1wbGVzIiwgInJlZiI6ICJtYWluIiwgInJlcG9fcGF0aCI6ICJ3b3Jrc3BhY2UtaXNvbGF0aW9uL3NhbmRib3gtZW5mb3JjZXIifV0%3D&message=Navigate%20to%20%2Ftmp%20and%20create%20a%20file%20there',
  /** finish-callback badge (oh-examples finish-callback/README.md), no padding needed. */
  finish:
    'W3sic291cmNlIjogImdpdGh1YjpqcHNoYWNrZWxmb3JkL29oLWV4YW1wbGVzIiwgInJlZiI6ICJtYWluIiwgInJlcG9fcGF0aCI6ICJmaW5pc2gtY2FsbGJhY2svb2gtZmluaXNoLWNhbGxiYWNrIn1d&message=Say%20hello%20and%20then%20finish.',
  unicodeParameters: 'W3sic291cmNlIjoiZ2l0aHViOm93bmVyL3JlcG8iLCJwYXJhbWV0ZXJzIjp7InRhc2siOiLmlbTnkIblj5HluIPor7TmmI4g8J+agCJ9fV0=',
  plusRef: 'W3sic291cmNlIjoiZ2l0aHViOk9wZW5IYW5kcy9leHRlbnNpb25zIiwicmVmIjoidjEuMiszIiwicmVwb19wYXRoIjoic3ViL2RpciJ9XQ==',
  emojiRef: 'W3sic291cmNlIjoiZ2l0aHViOk9wZW5IYW5kcy9leHRlbnNpb25zIiwicmVmIjoi8J+agC1yZWxlYXNlIiwicmVwb19wYXRoIjoi6Lev5b6EL3NraWxscyJ9XQ==',
  latin1: 'W3sic291cmNlIjoiZ2l0aHViOm8vciIsInBhcmFtZXRlcnMiOnsiY2l0eSI6Ilr8cmljaCJ9fV0=',
  /** `[{"source":"github:o/r??","ref":"v>>>"}]`: its base64 holds `+` and `/`. */
  plusSlash: 'W3sic291cmNlIjoiZ2l0aHViOm8vcj8/IiwicmVmIjoidj4+PiJ9XQ==',
  noPadding: 'W3sic291cmNlIjoiYSJ9XQ',
};

describe('agentwire launch-link create', () => {
  it('prints the link alone on standard output, exactly as the app encodes it', async () => {
    const run = await create(
      '--plugin',
      'github:acme/agent-plugins@v1.2.0:plugins/city-weather',
      '--param',
      'city-weather.city=Zürich',
      '--param',
      'city-weather.units=metric',
      '--message',
      'What is the weather today?',
    );
    expect(run.stdout).toBe(
      'https://app.example.com/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOmFjbWUvYWdlbnQtcGx1Z2lucyIsInJlZiI6InYxLjIuMCIsInJlcG9fcGF0aCI6InBsdWdpbnMvY2l0eS13ZWF0aGVyIiwicGFyYW1ldGVycyI6eyJjaXR5IjoiWsO8cmljaCIsInVuaXRzIjoibWV0cmljIn19XQ%3D%3D&message=What+is+the+weather+today%3F\n',
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('makes the payloads of the app tests byte for byte', async () => {
    expect((await createJson('--plugin', 'github:owner/repo', '--param', 'repo.task=整理发布说明 🚀')).json.payload).toBe(
      VECTORS.unicodeParameters,
    );
    expect((await createJson('--plugin', 'github:owner/repo', '--param', 'repo.task=整理发布说明 🚀')).json.url).toMatch(
      /8J%2BagCJ9fV0%3D$/,
    );
    expect((await createJson('--plugin', 'github:OpenHands/extensions@v1.2+3:sub/dir')).json.payload).toBe(VECTORS.plusRef);
    expect((await createJson('--plugin', 'github:OpenHands/extensions@🚀-release:路径/skills')).json.payload).toBe(VECTORS.emojiRef);
  });

  it('--format json gives { url, length, payload, warnings }', async () => {
    const { json, status } = await createJson('--plugin', 'github:o/r', '--message', '<b>hi</b>');
    expect(status).toBe(0);
    expect(Object.keys(json)).toEqual(['url', 'length', 'payload', 'warnings']);
    expect(json.url).toBe('https://app.example.com/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm8vciJ9XQ%3D%3D&message=%3Cb%3Ehi%3C%2Fb%3E');
    expect(json.length).toBe(json.url.length);
    expect(json.payload).toBe('W3sic291cmNlIjoiZ2l0aHViOm8vciJ9XQ==');
    expect(json.warnings).toEqual([
      {
        severity: 'warning',
        code: 'launch-link-message-tags',
        message: expect.stringContaining('The message holds 2 <…> part(s), first "<b>"'),
        file: '<launch-link>',
        line: 1,
        column: 89,
        hint: expect.any(String),
      },
    ]);
  });

  describe('--plugin SOURCE[@REF][:PATH]', () => {
    const cases: [string, Record<string, string>][] = [
      ['github:o/r', { source: 'github:o/r' }],
      ['github:o/r@main', { source: 'github:o/r', ref: 'main' }],
      ['github:o/r:plugins/x', { source: 'github:o/r', repo_path: 'plugins/x' }],
      ['github:o/r@v1.2+3:sub/dir', { source: 'github:o/r', ref: 'v1.2+3', repo_path: 'sub/dir' }],
      ['github:o/r@feat@x:sub:dir@c', { source: 'github:o/r', ref: 'feat@x', repo_path: 'sub:dir@c' }],
      ['https://github.com/o/r.git', { source: 'https://github.com/o/r.git' }],
      ['https://github.com/o/r@main:plugins/x', { source: 'https://github.com/o/r', ref: 'main', repo_path: 'plugins/x' }],
      [
        'https://user:tok@git.example.com:8443/group/r.git@v2:p',
        { source: 'https://user:tok@git.example.com:8443/group/r.git', ref: 'v2', repo_path: 'p' },
      ],
      ['http://localhost:3000/o/r.git:p', { source: 'http://localhost:3000/o/r.git', repo_path: 'p' }],
      ['https://host/o/r%40x.git@main', { source: 'https://host/o/r%40x.git', ref: 'main' }],
      ['git://host.example/o/r.git@v1', { source: 'git://host.example/o/r.git', ref: 'v1' }],
      ['file:///srv/git/r.git@main:plugins/x', { source: 'file:///srv/git/r.git', ref: 'main', repo_path: 'plugins/x' }],
      ['git@github.com:o/r.git', { source: 'git@github.com:o/r.git' }],
      ['git@github.com:o/r.git@main:plugins/x', { source: 'git@github.com:o/r.git', ref: 'main', repo_path: 'plugins/x' }],
      ['/srv/plugins/x@1:2', { source: '/srv/plugins/x@1:2' }],
      ['~/plugins/x', { source: '~/plugins/x' }],
      ['./node_modules/@scope/x', { source: './node_modules/@scope/x' }],
      ['../x', { source: '../x' }],
      ['plugins/x', { source: 'plugins/x' }],
      ['{"source":"github:o/r","ref":"a","repo_path":"b"}', { source: 'github:o/r', ref: 'a', repo_path: 'b' }],
    ];
    for (const [argument, expected] of cases) {
      it(argument, async () => {
        const { json, status } = await createJson('--plugin', argument);
        expect(status).toBe(0);
        expect(decoded(json.payload)).toEqual([expected]);
      });
    }

    it('the JSON form carries parameters too', async () => {
      const { json } = await createJson('--plugin', '{"source":"github:o/r","parameters":{"a":[1,{"b":null}]}}', '--param', 'r.c=x');
      expect(decoded(json.payload)).toEqual([{ source: 'github:o/r', parameters: { a: [1, { b: null }], c: 'x' } }]);
    });

    it('reports the source the service reads as a local folder, or a URL with credentials, on standard error', async () => {
      const local = await create('--plugin', './plugins/x');
      expect(local.status).toBe(0);
      expect(local.stderr).toBe(
        'info: --plugin 1: "./plugins/x" is read as a folder on the machine the conversation runs on. [source-local-path]\n' +
          '  Publish the plugin in a git repository and use `github:owner/repo` or a git URL to share it.\n',
      );
      const secret = await create('--plugin', 'https://user:s3cret@git.example.com/o/r.git');
      expect(secret.status).toBe(0);
      expect(secret.stderr).toContain(
        'warning: --plugin 1: The URL "https://****@git.example.com/o/r.git" carries credentials (masked here). [source-credentials]',
      );
      expect(secret.stderr).not.toContain('s3cret');
    });

    it('refuses a plugin the service would refuse: exit 1, the reason, no link', async () => {
      const ssh = await create('--plugin', 'ssh://git@host.example/o/r.git@v1');
      expect(ssh.status).toBe(1);
      expect(ssh.stdout).toBe('');
      expect(ssh.stderr).toBe(
        'error: --plugin 1: The service\'s source parser does not recognise "ssh://git@host.example/o/r.git" and refuses it. [source-ssh-url]\n' +
          '  Write it as "git@host.example:o/r.git" (the scp form the service reads).\n' +
          'agentwire launch-link create: no link made: the service would refuse a plugin\n',
      );
      const bad = await create('--plugin', 'github:o/r:../x');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('[reference-repo-path-parent]');
      const word = await createJson('--plugin', 'foo');
      expect(word.status).toBe(1);
      expect(word.json).toMatchObject({ url: null, payload: null, warnings: [{ code: 'source-unrecognized', severity: 'error' }] });
    });

    it('malformed or ambiguous arguments are usage errors that say how to write them', async () => {
      for (const [argument, why] of [
        ['', 'it is empty'],
        ['o/r@main', 'it is ambiguous: write github:OWNER/REPO… for a GitHub repository, or ./PATH for a local folder'],
        ['node_modules/@scope/x', 'it is ambiguous'],
        ['github:o@main', '"github:o" is not github:OWNER/REPO'],
        ['github:o/r/x', '"github:o/r/x" is not github:OWNER/REPO'],
        ['github:o/r@', 'the ref after "@" is empty'],
        ['github:o/r@main:', 'the repository path after ":" is empty'],
        ['https://host.example', 'a git URL needs the repository path after the host'],
        ['git@host:', 'the scp form needs the repository path after ":"'],
        ['{"source":1}', 'the JSON form needs a non-empty string "source"'],
        ['{"source":"a","extra":1}', 'the JSON form has the key "extra"; use source, ref, repo_path and parameters'],
        ['{not json', 'it starts with "{" but is not JSON'],
      ]) {
        const run = await create('--plugin', argument as string);
        expect(run.status, argument).toBe(2);
        expect(run.stderr, argument).toContain(why);
        expect(run.stderr, argument).toContain('Write --plugin github:OWNER/REPO[@REF][:PATH] (or a git URL, or ./PATH)');
      }
    }, 120_000);

    it('never repeats a credential in a usage error', async () => {
      const run = await create('--plugin', 'https://user:s3cret@host.example');
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('--plugin https://****@host.example: a git URL needs');
      expect(run.stderr).not.toContain('s3cret');
    });
  });

  describe('--param PLUGIN.KEY=VALUE', () => {
    it('names a plugin by display name, repository folder or position, and types the values', async () => {
      const { json } = await createJson(
        '--plugin',
        'github:acme/tools:plugins/alpha',
        '--plugin',
        'https://git.example.com/acme/beta.git',
        '--param',
        'tools.flag=true',
        '--param',
        'alpha.off=false',
        '--param',
        '1.none=null',
        '--param',
        'beta.git.count=3',
        '--param',
        '2.ratio=-1.5e2',
        '--param',
        '2.zip="02139"',
        '--param',
        '2.code=007',
        '--param',
        '2.text=a=b.c',
        '--param',
        '2.__proto__=kept',
      );
      expect(decoded(json.payload)).toEqual([
        { source: 'github:acme/tools', repo_path: 'plugins/alpha', parameters: { flag: true, off: false, none: null } },
        {
          source: 'https://git.example.com/acme/beta.git',
          parameters: JSON.parse('{"count":3,"ratio":-150,"zip":"02139","code":"007","text":"a=b.c","__proto__":"kept"}'),
        },
      ]);
    });

    it('refuses a name that fits no plugin or several, a missing key or "=", a key given twice', async () => {
      const two = ['--plugin', 'github:o/ext:plugins/a', '--plugin', 'github:o/ext:plugins/b'];
      for (const [args, text] of [
        [
          [...two, '--param', 'ext.k=1'],
          '--param ext.k=1: "ext" names 2 plugins; use their position or repository folder:\n  ext | 1 | a\n  ext | 2 | b',
        ],
        [[...two, '--param', 'c.k=1'], 'where PLUGIN is one of the --plugin options, named by any of:'],
        [['--plugin', 'github:o/r', '--param', 'r.k'], '--param r.k: write r.KEY=VALUE (the key is empty or "=" is missing)'],
        [['--plugin', 'github:o/r', '--param', 'r.=1'], 'the key is empty'],
        [['--plugin', 'github:o/r', '--param', 'r.k=1', '--param', 'r.k=2'], 'the key "k" of plugin 1 is given twice'],
      ] as const) {
        const run = await create(...args);
        expect(run.status).toBe(2);
        expect(run.stderr).toContain(text);
      }
      expect((await createJson(...two, '--param', 'a.k=1', '--param', '2.k=2')).status).toBe(0);
    }, 60_000);
  });

  it('usage errors: no --app-url, no --plugin, a bad app URL, a bad format, a mistyped option', async () => {
    for (const [args, text] of [
      [['launch-link', 'create', '--plugin', 'github:o/r'], '--app-url is required'],
      [['launch-link', 'create', '--app-url', APP], 'at least one --plugin is required'],
      [['launch-link', 'create', '--app-url', 'ftp://x', '--plugin', 'github:o/r'], '--app-url: appUrl must be an absolute http(s) URL'],
      [['launch-link', 'create', '--app-url', APP, '--plugin', 'github:o/r', '--format', 'xml'], '--format must be text or json, not xml'],
      [['launch-link', 'create', '--app-url', APP, '--pluginn', 'github:o/r'], 'unknown option --pluginn (did you mean --plugin?)'],
      [['launch-link', 'create', '--app-url', APP, '--plugin', 'github:o/r', 'extra'], 'unexpected argument "extra"'],
    ] as const) {
      const run = await cli([...args]);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(text);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});

describe('agentwire launch-link inspect', () => {
  it('prints what a link carries, in both modes', async () => {
    const run = await cli(['launch-link', 'inspect', `https://app.example.com/launch?plugins=${VECTORS.finish}`]);
    expect(run.stdout).toBe(
      [
        'service mode (today\u2019s app): opens with 1 plugin',
        '  1. source      github:jpshackelford/oh-examples',
        '     ref         main',
        '     repo path   finish-callback/oh-finish-callback',
        '     parameters  (none)',
        '  message: "Say hello and then finish."',
        '  parameters block: none (no plugin has parameters)',
        '',
        'tolerant mode (with repairs): opens with 1 plugin',
        '  the same plugins, message and parameters block as the service mode',
        '',
        'The two modes read the same.',
        '',
      ].join('\n'),
    );
    expect(run.status).toBe(0);
  });

  it('shows parameters and the block the server appends to the first message', async () => {
    const link = (
      await create(
        '--plugin',
        'github:acme/tools:plugins/alpha',
        '--plugin',
        'github:acme/beta',
        '--param',
        'alpha.city=Zürich',
        '--param',
        'alpha.days=3',
        '--param',
        'beta.on=true',
        '--message',
        'Go',
      )
    ).stdout.trim();
    const run = await cli(['launch-link', 'inspect', link, '--mode', 'service']);
    expect(run.stdout).toBe(
      [
        'service mode (today\u2019s app): opens with 2 plugins',
        '  1. source      github:acme/tools',
        '     ref         (none)',
        '     repo path   plugins/alpha',
        '     parameters  city: "Zürich"',
        '                 days: 3',
        '  2. source      github:acme/beta',
        '     ref         (none)',
        '     repo path   (none)',
        '     parameters  on: true',
        '  message: "Go"',
        '  appended to the first message (after a blank line):',
        '    | Plugin Configuration Parameters:',
        '    | tools:',
        '    |   - city: Zürich',
        '    |   - days: 3',
        '    | beta:',
        '    |   - on: True',
        '',
      ].join('\n'),
    );
    const json = (await inspectJson(link, '--mode', 'service')).json;
    expect(json.service.firstMessage).toBe(
      'Go\n\nPlugin Configuration Parameters:\ntools:\n  - city: Zürich\n  - days: 3\nbeta:\n  - on: True',
    );
    expect(json).not.toHaveProperty('tolerant');
  });

  it('round trip: what create makes, inspect reads back (plugins, parameters, message)', async () => {
    const made = await createJson(
      '--plugin',
      'git@gitlab.com:acme/tools.git@release/2:plugins/x',
      '--plugin',
      'https://git.example.com:8443/a/b.git@v1',
      '--plugin',
      './local/plugin',
      '--param',
      'x.n=1.25',
      '--param',
      'b.git.s=text with spaces & symbols ?=/+',
      '--message',
      'Héllo + <i>world</i> 🚀',
    );
    const read = await inspectJson(made.json.url);
    expect(read.status).toBe(0);
    expect(read.json.opens).toBe(true);
    expect(read.json.differences).toEqual([]);
    const plugins = read.json.service.plugins.map(({ checks: _, ...plugin }: { checks: unknown }) => plugin);
    expect(plugins).toEqual([
      { source: 'git@gitlab.com:acme/tools.git', ref: 'release/2', repo_path: 'plugins/x', parameters: { n: 1.25 } },
      { source: 'https://git.example.com:8443/a/b.git', ref: 'v1', repo_path: null, parameters: { s: 'text with spaces & symbols ?=/+' } },
      { source: './local/plugin', ref: null, repo_path: null, parameters: null },
    ]);
    expect(read.json.service.message).toBe('Héllo + world 🚀');
    expect(read.json.tolerant.plugins).toEqual(read.json.service.plugins);
    expect(read.json.service.block).toBe(
      '\n\nPlugin Configuration Parameters:\ntools.git:\n  - n: 1.25\nb.git:\n  - s: text with spaces & symbols ?=/+',
    );
  });

  describe('the app test vectors', () => {
    const reads = async (query: string) => (await inspectJson(`https://app.example.com/launch?plugins=${query}`)).json;
    it('reads real badges (Python spacing, a raw "=", a message)', async () => {
      expect((await reads(VECTORS.badge)).service).toMatchObject({
        ok: true,
        plugins: [
          { source: 'github:jpshackelford/openhands-sample-plugins', ref: 'main', repo_path: 'plugins/city-weather', parameters: null },
        ],
        message: null,
      });
      expect((await reads(VECTORS.sandbox)).service).toMatchObject({
        plugins: [{ source: 'github:jpshackelford/oh-examples', ref: 'main', repo_path: 'workspace-isolation/sandbox-enforcer' }],
        message: 'Navigate to /tmp and create a file there',
      });
    });

    it('reads UTF-8 parameters, refs with + and emoji', async () => {
      expect((await reads(encodeURIComponent(VECTORS.unicodeParameters))).service.plugins[0].parameters).toEqual({
        task: '整理发布说明 🚀',
      });
      expect((await reads(encodeURIComponent(VECTORS.plusRef))).service.plugins[0]).toMatchObject({ ref: 'v1.2+3', repo_path: 'sub/dir' });
      expect((await reads(encodeURIComponent(VECTORS.emojiRef))).service.plugins[0]).toMatchObject({
        ref: '🚀-release',
        repo_path: '路径/skills',
      });
    });

    it('a legacy Latin-1 link: U+FFFD in the app, Zürich in the tolerant reading, and the difference said', async () => {
      const json = await reads(VECTORS.latin1);
      expect(json.service.plugins[0].parameters).toEqual({ city: 'Z\uFFFDrich' });
      expect(json.tolerant.plugins[0].parameters).toEqual({ city: 'Zürich' });
      expect(json.differences).toEqual([
        'Plugin 1 parameters: the app reads {"city":"Z\uFFFDrich"}, the tolerant reading {"city":"Zürich"} after repairs (launch-link-latin1).',
      ]);
      expect(json.opens).toBe(true);
    });

    it('base64url and a raw "+": the app refuses (exit 1), the tolerant reading repairs', async () => {
      const url = VECTORS.plusSlash.replace(/\+/g, '-').replace(/\//g, '_');
      for (const value of [url, VECTORS.plusSlash]) {
        const run = await inspectJson(`https://app.example.com/launch?plugins=${value}`);
        expect(run.status).toBe(1);
        expect(run.json.opens).toBe(false);
        expect(run.json.service.error.code).toBe('invalid-format');
        expect(run.json.tolerant.plugins[0]).toMatchObject({ source: 'github:o/r??', ref: 'v>>>' });
      }
      const text = await cli(['launch-link', 'inspect', `https://app.example.com/launch?plugins=${VECTORS.plusSlash}`]);
      expect(text.stdout).toContain(
        'Where the modes differ:\n  - The app refuses the link (invalid-format); the tolerant reading opens it after repairs (launch-link-raw-plus).\n',
      );
    });

    it('accepts a value without padding', async () => {
      expect((await reads(VECTORS.noPadding)).service.plugins[0].source).toBe('a');
    });

    it('refuses what the app refuses, with its error code and the reason', async () => {
      for (const [query, code, rule] of [
        ['plugins=not-valid-base64!!!', 'invalid-format', 'launch-link-invalid-payload'],
        ['plugins=bm90IHZhbGlkIGpzb24%3D', 'invalid-format', 'launch-link-invalid-payload'],
        ['plugins=eyJzb3VyY2UiOiJhIn0%3D', 'invalid-format', 'launch-link-invalid-payload'],
        ['plugins=W3sicmVmIjoibWFpbiJ9XQ%3D%3D', 'invalid-format', 'launch-link-bad-element'],
        ['plugins=', 'no-plugins', 'launch-link-no-plugins'],
        ['', 'no-plugins', 'launch-link-no-plugins'],
      ]) {
        const run = await inspectJson(`https://app.example.com/launch?${query}`, '--mode', 'service');
        expect(run.status, query).toBe(1);
        expect(run.json.service.error.code, query).toBe(code);
        expect(run.json.service.diagnostics[0].code, query).toBe(rule);
      }
      const text = await cli([
        'launch-link',
        'inspect',
        'https://app.example.com/launch?plugins=W3sicmVmIjoibWFpbiJ9XQ%3D%3D',
        '--mode',
        'service',
      ]);
      expect(text.stdout).toBe(
        'service mode (today\u2019s app): does not open: invalid-format\n' +
          '  error    col 40  plugins[0].source is undefined, not an object with a string source: the app refuses the whole link (invalid-format).  [launch-link-bad-element]\n' +
          '           Give each plugin a string `source`, string or null `ref` and `repo_path`, and an object or null `parameters`.\n',
      );
    }, 60_000);

    it('keeps the message as the app does: tags removed, 500 characters', async () => {
      const message = async (text: string) =>
        (await inspectJson(`https://app.example.com/launch?plugins=${VECTORS.noPadding}&message=${encodeURIComponent(text)}`)).json.service
          .message;
      expect(await message('<script>alert("xss")</script>Safe text')).toBe('alert("xss")Safe text');
      expect(await message('<img src=x onerror=alert(1)>Safe content')).toBe('Safe content');
      expect(await message('A'.repeat(600))).toBe('A'.repeat(500));
    });
  });

  it('a field type the app passes but the server refuses: opens (exit 0), the tolerant reading says why it fails later', async () => {
    // [{"source":"github:o/r","ref":2}]
    const run = await cli(['launch-link', 'inspect', 'https://x.example/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm8vciIsInJlZiI6Mn1d']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('     ref         2 (a number, not text)\n');
    expect(run.stdout).toContain('  parameters block: none: the server refuses the plugins above (creation-failed)\n');
    expect(run.stdout).toContain('tolerant mode (with repairs): does not open: invalid-format\n');
    expect(run.stdout).toContain(
      '  - The app opens the link, but the tolerant reading refuses it: plugins[0].ref is number, not a string or null; the server then refuses to create the conversation (creation-failed).\n',
    );
  });

  describe('hostile input', () => {
    // How long this takes is measured by `npm run bench` (Hostile input), against a process that only reads the input.
    it('a 10 MB link from standard input: read whole, reported without echoing it', async () => {
      const run = await cli(
        ['launch-link', 'inspect', '-', '--format', 'json'],
        `https://app.example.com/launch?plugins=${'QUFB'.repeat(2_500_000)}`,
      );
      expect(run.status).toBe(1);
      expect(run.stdout.length).toBeLessThan(10_000);
      const json = JSON.parse(run.stdout);
      expect(json.length).toBe(10_000_039);
      expect(json.service.diagnostics.map((found: { code: string }) => found.code)).toContain('launch-link-too-long');
      expect(json.service.error.code).toBe('invalid-format');
    }, 120_000);

    it('a valid link with 20,000 plugins: the text output shows 100 and says how many more', async () => {
      const plugins = Array.from({ length: 20_000 }, (_, index) => ({ source: `github:o/r${index}` }));
      const link = `plugins=${encodeURIComponent(Buffer.from(JSON.stringify(plugins)).toString('base64'))}`;
      const run = await cli(['launch-link', 'inspect', '-', '--mode', 'service'], link);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('opens with 20000 plugins');
      expect(run.stdout).toContain('  … and 19900 more (see --format json)\n');
    });

    it('parameters nested 50,000 levels deep: refused in every mode and output, as the library refuses past 100, with no stack trace', async () => {
      const levels = 50_000;
      const json = `[{"source":"github:o/r","parameters":${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}}]`;
      const link = `plugins=${encodeURIComponent(Buffer.from(json).toString('base64'))}`;
      const tooDeep = 'plugins[0].parameters nest more than 100 levels deep';
      for (const mode of [[], ['--mode', 'service'], ['--mode', 'tolerant']]) {
        const text = await cli(['launch-link', 'inspect', '-', ...mode], link);
        expect(text.status).toBe(1);
        expect(text.stderr).toBe('');
        expect(text.stdout).toContain('does not open: invalid-format');
        expect(text.stdout).toContain(`${tooDeep}: agentwire reads at most 100 levels`);
        expect(text.stdout).not.toContain('opens with');
        const run = await cli(['launch-link', 'inspect', '-', ...mode, '--format', 'json'], link);
        expect(run.status).toBe(1);
        expect(run.stderr).toBe('');
        const report = JSON.parse(run.stdout);
        expect(report.opens).toBe(false);
        for (const read of [report.service, report.tolerant].filter(Boolean)) {
          expect(read).toMatchObject({ ok: false, plugins: [], error: { code: 'invalid-format', message: tooDeep } });
          expect(read.diagnostics[0].code).toBe('launch-link-too-deep');
        }
      }
    }, 120_000);

    it('text that is not a URL: read as a bare query, which carries no plugins', async () => {
      const run = await cli(['launch-link', 'inspect', 'not a url at all', '--mode', 'service']);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('does not open: no-plugins');
    });

    it('control characters in a link are shown, never sent to the terminal', async () => {
      const plugins = [{ source: 'github:o/r\u001b[31m', parameters: { 'k\u001b]0;x\u0007': 'v\nw\u202e' } }];
      const link = `plugins=${encodeURIComponent(Buffer.from(JSON.stringify(plugins)).toString('base64'))}`;
      const run = await cli(['launch-link', 'inspect', link, '--mode', 'service']);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not reach the terminal
      expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
      expect(run.stdout).toContain('source      github:o/r\\u001b[31m');
      expect(run.stdout).toContain('parameters  k\\u001b]0;x\\u0007: "v\\nw\\u202e"');
      expect(run.stdout).toContain('    | - k\\u001b]0;x\\u0007: v');
    });

    it('an empty link, or none, is a usage error', async () => {
      expect((await cli(['launch-link', 'inspect', '-'], '  \n')).status).toBe(2);
      expect((await cli(['launch-link', 'inspect'])).stderr).toContain('expected one link (or - for standard input)');
      expect((await cli(['launch-link', 'inspect', 'x', '--mode', 'lenient'])).stderr).toContain(
        '--mode must be service or tolerant, not lenient',
      );
      expect((await cli(['launch-link', 'inspect', 'x', '--mdoe', 'service'])).stderr).toContain(
        'unknown option --mdoe (did you mean --mode?)',
      );
    }, 60_000);
  });
});

describe('colour and help', () => {
  const withEnv = (args: string[], env: Record<string, string>) => {
    const clean = { ...process.env };
    delete clean.NO_COLOR;
    delete clean.FORCE_COLOR;
    return spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...clean, ...env } });
  };
  const link = `https://app.example.com/launch?plugins=${VECTORS.plusSlash}`;

  it('colours the text only when asked, never with NO_COLOR', async () => {
    expect(withEnv(['launch-link', 'inspect', link], { FORCE_COLOR: '1' }).stdout).toContain(
      '\u001b[31mdoes not open: invalid-format\u001b[39m',
    );
    expect(withEnv(['launch-link', 'inspect', link], { FORCE_COLOR: '1', NO_COLOR: '1' }).stdout).not.toContain('\u001b[');
    expect(withEnv(['launch-link', 'inspect', link], {}).stdout).not.toContain('\u001b[');
  });

  it('--help of each command lists every option and the exit codes', async () => {
    const createHelp = await cli(['launch-link', 'create', '--help']);
    expect(createHelp.status).toBe(0);
    for (const option of [
      '--app-url URL',
      '--plugin SOURCE[@REF][:PATH]',
      '--param PLUGIN.KEY=VALUE',
      '--message TEXT',
      '--format text|json',
      '-h, --help',
    ]) {
      expect(createHelp.stdout).toContain(option);
    }
    for (const form of [
      'github:OWNER/REPO[@REF][:PATH]',
      'SCHEME://[USER[:PASS]@]HOST[:PORT]/REPO[@REF][:PATH]',
      'USER@HOST:REPO[@REF][:PATH]',
      '{"source"',
    ]) {
      expect(createHelp.stdout).toContain(form);
    }
    expect(createHelp.stdout).toContain('Exit codes: 0 the link is printed, 1 a plugin the service would refuse');
    const inspectHelp = await cli(['launch-link', 'inspect', '-h']);
    for (const option of ['--mode service', '--mode tolerant', '--format text|json', '-h, --help'])
      expect(inspectHelp.stdout).toContain(option);
    expect(inspectHelp.stdout).toContain('Exit codes: 0 the link opens in the app, 1 it does not, 2 bad usage.');
    expect((await cli(['--help'])).stdout).toContain('agentwire launch-link inspect');
  });
});
