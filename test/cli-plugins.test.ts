/**
 * `agentwire plugins inspect` (run in process), on plugin folders and marketplaces
 * written by the tests.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAgentwire } from './helpers/cli-in-process';
import { tempTree } from './helpers/tree';

/** Runs the CLI in `cwd` (paths in the output are shown relative to it). */
const run = (cwd: string, args: string[], env: Record<string, string> = { NO_COLOR: '1' }) =>
  runAgentwire(['plugins', 'inspect', ...args], undefined, { cwd, env });
const json = async (cwd: string, args: string[]) => JSON.parse((await await run(cwd, [...args, '--format', 'json'])).stdout);

const SCHEMA = 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json';
const skill = (name: string, fields: string) => `---\nname: ${name}\n${fields}\n---\nBody.\n`;

/** A legacy plugin with every component. */
const WEATHER = {
  '.plugin/plugin.json': JSON.stringify({ name: 'weather', version: '1.0.0', description: 'Weather', entry_command: 'forecast' }),
  'skills/forecast/SKILL.md': skill('forecast', 'description: Forecasts the weather.\ntriggers: [weather, rain]'),
  'commands/forecast.md': '---\ndescription: Forecast for a city\n---\nForecast $ARGUMENTS.\n',
  'agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews code\n---\nYou review.\n',
  'hooks/hooks.json': JSON.stringify({
    hooks: {
      PreToolUse: [{ matcher: 'terminal', hooks: [{ type: 'command', command: 'echo check' }] }],
      Stop: [{ hooks: [{ type: 'prompt', prompt: 'Did you finish?' }] }],
    },
  }),
  '.mcp.json': JSON.stringify({
    mcpServers: { wx: { command: 'node', args: ['server.js'] }, api: { url: 'https://api.example.com/mcp' } },
  }),
};

const tree = tempTree({
  ...Object.fromEntries(Object.entries(WEATHER).map(([path, text]) => [`market/plugins/weather/${path}`, text])),
  'market/plugins/ap/plugin.json': JSON.stringify({ $schema: SCHEMA, name: 'ap-plugin' }),
  'market/plugins/ap/.plugin/plugin.json': JSON.stringify({ name: 'ap-legacy' }),
  'market/plugins/ap/skills/hello/SKILL.md': skill('hello', 'description: Says hello.'),
  'market/plugins/bare/skills/solo/SKILL.md': skill('solo', 'description: Alone.\npaths: ["src/**"]'),
  'market/skills/review/SKILL.md': skill('review', 'description: Reviews.\ntriggers: [review]'),
  'market/.claude-plugin/marketplace.json': JSON.stringify(
    {
      name: 'acme-tools',
      owner: { name: 'Acme' },
      description: 'Plugins of Acme',
      plugins: [
        { name: 'weather', source: './plugins/weather' },
        { name: 'ap', source: 'plugins/ap' },
        { name: 'remote', source: { source: 'github', repo: 'acme/remote', ref: 'v1', path: 'plugins/r' } },
        { name: 'sub', source: { source: 'git-subdir', url: 'https://github.com/acme/sub.git', path: 'p' } },
        { name: 'escape', source: '../bare' },
        { name: 'linked', source: './plugins/linked' },
      ],
      skills: [{ name: 'review', source: './skills/review' }],
    },
    null,
    2,
  ),
  'outside/skills/secret/SKILL.md': skill('secret', 'description: Must not be read.'),
  'broken/.plugin/plugin.json': '{"name": 3',
  'rejected/.plugin/marketplace.json': '{"name": "x"}',
  'hostile/.plugin/plugin.json': JSON.stringify({ name: 'evil\u001b[2J' }),
  'hostile/skills/x/SKILL.md': skill('x', 'description: "Looks fine\\u001b]0;title\\u0007"'),
});
symlinkSync(join(tree.root, 'outside'), join(tree.root, 'market/plugins/linked'));
const market = join(tree.root, 'market');

afterAll(() => tree.cleanup());

describe('agentwire plugins inspect: a plugin folder', () => {
  it('prints the layout and why, and everything a conversation gets', async () => {
    const result = await run(market, ['plugins/weather']);
    expect(result.stdout).toBe(
      [
        'plugin weather in plugins/weather, as the service 1.49 loads it',
        '  layout: legacy layout: .plugin/plugin.json (read before .claude-plugin/)',
        '  skills (1):',
        '    forecast  keyword: weather, rain  Forecasts the weather.',
        '  commands (1):',
        '    /weather:forecast  Forecast for a city',
        '  agents (1):',
        '    reviewer  Reviews code',
        '  hooks (2):',
        '    PreToolUse  matcher "terminal"  command: echo check',
        '    Stop        matcher "*"         prompt: Did you finish?',
        '  tool servers (2):',
        '    wx   stdio: node server.js',
        '    api  http: https://api.example.com/mcp',
        '  launch message: /weather:forecast',
        '  problems: none',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(0);
  });

  it('a root plugin.json: Agent Plugins from 1.49, and what 1.43 makes of the folder', async () => {
    const now = await run(market, ['plugins/ap']);
    expect(now.stdout).toContain('plugin ap-plugin in plugins/ap, as the service 1.49 loads it\n');
    expect(now.stdout).toContain(
      '  layout: root plugin.json: an Agent Plugins 1.0.0 package, read by 1.49 and later; 1.43 and earlier ignore it and load the folder as a legacy plugin named "ap-legacy"\n',
    );
    const before = await run(market, ['plugins/ap', '--service', '1.43']);
    expect(before.stdout).toContain('plugin ap-legacy in plugins/ap, as the service 1.43 loads it\n');
    expect(before.stdout).toContain(
      '  layout: legacy layout: .plugin/plugin.json (read before .claude-plugin/); the root plugin.json is ignored before 1.49 (1.49 and later read it as an Agent Plugins package and load "ap-plugin")\n',
    );
  });

  it('no manifest: named after its folder', async () => {
    const report = await json(market, ['plugins/bare']);
    expect(report).toMatchObject({
      kind: 'plugin',
      loaded: true,
      layout: 'legacy',
      name: 'bare',
      layoutReason: 'legacy layout without a manifest: the service names the plugin after its folder "bare"',
      skills: [{ name: 'solo', trigger: { kind: 'path', keywords: ['src/**'] }, description: 'Alone.' }],
      manifestFile: null,
      launchMessage: null,
    });
  });

  it('a manifest the service rejects: nothing loads, the errors say why, exit 1', async () => {
    const result = await run(tree.root, ['broken']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      [
        'plugin in broken, as the service 1.49 loads it',
        '  layout: legacy layout: .plugin/plugin.json (read before .claude-plugin/)',
        '  the service loads nothing (manifest-rejected):',
        "    error    broken/.plugin/plugin.json:1:11  Invalid JSON: Expecting ',' delimiter.  [invalid-json]",
        '             Fix the JSON syntax at the position shown (a trailing comma, a missing quote or an unescaped newline are the usual causes).',
        '',
      ].join('\n'),
    );
    expect(await json(tree.root, ['broken'])).toMatchObject({
      kind: 'plugin',
      loaded: false,
      failure: 'manifest-rejected',
      errors: [{ code: 'invalid-json' }],
    });
  });

  it('names and descriptions cannot drive the terminal', async () => {
    const result = await run(tree.root, ['hostile']);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toContain('plugin evil\\u001b[2J in hostile');
    expect(result.stdout).toContain('Looks fine\\u001b]0;title\\u0007');
  });
});

describe('agentwire plugins inspect: a marketplace', () => {
  it('every entry: source kind, what the service resolves, whether it loads, what it gives; skills; Auto-Load and trust', async () => {
    const result = await run(market, ['.']);
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      'marketplace acme-tools (owner Acme) in .claude-plugin/marketplace.json, as the service 1.49 loads it',
      '  6 plugins, 1 standalone skill; relative sources resolve against .',
      '  Plugins of Acme',
      '',
      'plugins:',
      '  1. weather  [path] ./plugins/weather',
      '     service: opens plugins/weather',
      '     gives the plugin "weather":',
      '       layout: legacy layout: .plugin/plugin.json (read before .claude-plugin/)',
      '       skills (1):',
      '         forecast  keyword: weather, rain  Forecasts the weather.',
      '       commands (1):',
      '         /weather:forecast  Forecast for a city',
      '       agents (1):',
      '         reviewer  Reviews code',
      '       hooks (2):',
      '         PreToolUse  matcher "terminal"  command: echo check',
      '         Stop        matcher "*"         prompt: Did you finish?',
      '       tool servers (2):',
      '         wx   stdio: node server.js',
      '         api  http: https://api.example.com/mcp',
      '       launch message: /weather:forecast',
      '       problems: none',
      '     Auto-Load: auto-loaded, no trust prompt',
      '  2. ap  [path] plugins/ap',
      '     service: opens plugins/ap',
      '     gives the plugin "ap-plugin":',
      '       layout: root plugin.json: an Agent Plugins 1.0.0 package, read by 1.49 and later; 1.43 and earlier ignore it and load the folder as a legacy plugin named "ap-legacy"',
      '       skills (1):',
      '         hello  none  Says hello.',
      '       commands: none',
      '       agents: none',
      '       hooks: none',
      '       tool servers: none',
      '       launch message: none',
      '       problems: 1 warning, 1 note (run agentwire validate for details)',
      '     Auto-Load: auto-loaded, no trust prompt',
      '  3. remote  [github] github:acme/remote@v1:plugins/r',
      '     service: fetches github:acme/remote @ v1 : plugins/r',
      '     fetched by the service; not read here',
      '     Auto-Load: auto-loaded, no trust prompt',
      '  4. sub  [git-subdir] https://github.com/acme/sub.git:p',
      "     service: cannot load it: Invalid plugin source for 'sub': source type 'git-subdir' is missing required field",
      '     differs: read correctly, the entry names https://github.com/acme/sub.git : p',
      `     Auto-Load: unresolvable: "sub" is not loaded: the service fails on its source: Invalid plugin source for 'sub': source type 'git-subdir' is missing required field (agentwire resolves it to {"source":"https://github.com/acme/sub.git","repo_path":"p"}).`,
      '  5. escape  [path] ../bare',
      '     service: opens bare',
      '     differs: read correctly, the entry names nothing: "../bare" leaves the marketplace root.',
      '     gives the plugin:',
      '       layout: not a folder',
      '       the service loads nothing (not-a-directory):',
      `         error    bare:1:1  ${market}/bare is not a folder (it is missing, or not a directory): the service fails to load the plugin.  [plugin-directory-missing]`,
      '                  Check the path (and the `repo_path` of the plugin reference).',
      '     Auto-Load: the service tries to load it and fails (not-a-directory): the conversation does not get it',
      '  6. linked  [path] ./plugins/linked',
      '     service: opens plugins/linked',
      `     ${market}/plugins/linked is a link to ${tree.root}/outside, outside the marketplace repository: the service follows it; not read here`,
      '     Auto-Load: auto-loaded, no trust prompt',
      '',
      'standalone skills:',
      '  review  ./skills/review -> skills/review: keyword: review  Reviews.',
      '',
      'How the plugins reach a conversation:',
      '  registered with Auto-Load: every new conversation in its scope gets weather, ap, remote, linked, without a trust prompt',
      '  registered without Auto-Load: none until one is attached by name (weather@acme-tools) or a launch link, which asks the user to confirm trust',
      '',
      'problems in the marketplace file: 2 errors (run agentwire validate for details)',
      '',
    ]);
  });

  it('--format json: the same facts, the marketplace file given directly', async () => {
    const report = await json(market, ['.claude-plugin/marketplace.json']);
    expect(report).toMatchObject({ kind: 'marketplace', loaded: true, name: 'acme-tools', owner: 'Acme', root: market });
    const byName = Object.fromEntries(report.plugins.map((entry: { name: string }) => [entry.name, entry]));
    expect(byName.weather).toMatchObject({
      sourceKind: 'path',
      service: { ok: true, opens: join(market, 'plugins/weather') },
      differs: false,
      canLoad: true,
      plugin: { name: 'weather', commands: [{ trigger: '/weather:forecast' }] },
    });
    expect(byName.remote).toMatchObject({
      sourceKind: 'github',
      service: { ok: true, reference: { source: 'github:acme/remote', ref: 'v1', repo_path: 'plugins/r' }, opens: null },
      canLoad: true,
      plugin: null,
    });
    expect(byName.sub).toMatchObject({ sourceKind: 'git-subdir', service: { ok: false }, canLoad: false, differs: true });
    expect(byName.escape).toMatchObject({ differs: true, canLoad: false, plugin: { loaded: false, failure: 'not-a-directory' } });
    expect(byName.linked.plugin).toBeNull();
    expect(JSON.stringify(report)).not.toContain('secret');
    expect(report.skills).toEqual([
      {
        name: 'review',
        source: './skills/review',
        location: join(market, 'skills/review'),
        skill: { name: 'review', trigger: { kind: 'keyword', keywords: ['review'] }, description: 'Reviews.' },
        note: null,
        problems: { errors: 0, warnings: 0, infos: 0 },
      },
    ]);
  });

  it('.plugin/marketplace.json is read before .claude-plugin/', async () => {
    const both = tempTree({
      '.plugin/marketplace.json': JSON.stringify({ name: 'first', owner: { name: 'A' }, plugins: [] }),
      '.claude-plugin/marketplace.json': JSON.stringify({ name: 'second', owner: { name: 'A' }, plugins: [] }),
    });
    try {
      expect(await json(both.root, ['.'])).toMatchObject({ name: 'first', file: join(both.root, '.plugin/marketplace.json') });
      expect((await run(both.root, ['.'])).status).toBe(0);
    } finally {
      both.cleanup();
    }
  });

  it('a marketplace the service rejects: the errors, exit 1', async () => {
    const result = await run(tree.root, ['rejected']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      [
        'marketplace rejected/.plugin/marketplace.json: the service rejects the file',
        '  error    1:1  The file has no `owner` (an object with at least `name`); the service rejects the whole marketplace.  [marketplace-field-missing]',
        '           Add the field named in the message.',
        '',
      ].join('\n'),
    );
  });
});

describe('agentwire plugins inspect: usage, colour, help', () => {
  it('usage errors: exit 2, one line, no stack', async () => {
    for (const [args, text] of [
      [['nothing-here'], 'cannot read nothing-here: no such file or folder'],
      [['plugins/weather', '--service', '2.0'], '--service must be 1.49 or 1.43, not 2.0'],
      [['plugins/weather', '--format', 'xml'], '--format must be text or json, not xml'],
      [['plugins/weather', '--servce', '1.43'], 'unknown option --servce (did you mean --service?)'],
      [['plugins/weather', 'plugins/ap'], 'expected one plugin folder or marketplace'],
      [[], 'expected one plugin folder or marketplace'],
    ] as const) {
      const result = await run(market, [...args]);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(text);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('colour only when asked, never with NO_COLOR', async () => {
    expect((await run(tree.root, ['broken'], { FORCE_COLOR: '1' })).stdout).toContain(
      '\u001b[31mthe service loads nothing (manifest-rejected)\u001b[39m',
    );
    expect((await run(tree.root, ['broken'], { FORCE_COLOR: '1', NO_COLOR: '1' })).stdout).not.toContain('\u001b[');
    expect((await run(tree.root, ['broken'], {})).stdout).not.toContain('\u001b[');
  });

  it('--help describes both inputs, every option and the exit codes', async () => {
    const result = await run(market, ['--help']);
    expect(result.status).toBe(0);
    for (const text of [
      'Usage: agentwire plugins inspect <dir|marketplace> [--service 1.49|1.43] [--format text|json]',
      'A plugin folder:',
      'A marketplace (a folder holding .plugin/marketplace.json or .claude-plugin/marketplace.json, or the\nfile itself)',
      '--service 1.49|1.43',
      '--format text|json',
      '-h, --help',
      'Exit codes: 0 everything loads without errors, 1 the service rejects or drops something',
    ]) {
      expect(result.stdout).toContain(text);
    }
  });
});
