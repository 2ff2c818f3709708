/**
 * `agentwire validate` end to end (the command line run in process, its help through the built
 * executable), on repositories written by the tests: a realistic repository that the service loads cleanly, each seeded mistake at its line
 * under its profile, every output format, exit codes and colour.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, node, requireBuild } from './helpers/built';
import { runAgentwire } from './helpers/cli-in-process';
import { realisticRepository } from './helpers/realistic-repository';
import { git, type TreeEntry, tempRepository, writeTree } from './helpers/tree';

beforeAll(requireBuild);

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

/** A repository from the realistic fixture with some files changed (a `null` deletes one). */
function repository(changes: Record<string, TreeEntry | null> = {}): string {
  const files = { ...realisticRepository() };
  for (const [path, contents] of Object.entries(changes)) {
    if (contents === null) delete files[path];
    else files[path] = contents;
  }
  const repo = tempRepository(files);
  cleanups.push(repo.cleanup);
  return repo.root;
}

function validate(cwd: string, args: string[] = [], env: Record<string, string> = {}) {
  return runAgentwire(['validate', ...args], undefined, { cwd, env });
}

async function findings(cwd: string, args: string[] = []) {
  const run = await validate(cwd, ['--format', 'json', ...args]);
  const report = JSON.parse(run.stdout) as { diagnostics: { code: string; file: string; line: number; column: number; profile: string }[] };
  return { status: run.status, found: report.diagnostics.map((d) => [d.profile, d.code, d.file, d.line, d.column]) };
}

describe('agentwire validate on a realistic repository', () => {
  it('finds nothing wrong under the service\u2019s rules, and says what it checked', async () => {
    const run = await validate(repository(), ['--preset', 'openhands']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split('\n').pop()).toBe(
      '0 errors, 0 warnings, 1 info in 49 files (38 skills, 3 plugins, 1 marketplace, 2 context files, 1 hooks file, 2 tool-server files)',
    );
  });

  it.each([
    [
      'a SKILL.md name that differs from its folder',
      { '.agents/skills/deploy/SKILL.md': '---\nname: deploy-service\ndescription: Deploys.\n---\nBody\n' },
      [['openhands', 'skill-name-mismatch', '.agents/skills/deploy/SKILL.md', 2, 7]],
    ],
    [
      'a description written as a number (the whole folder is lost)',
      { '.agents/skills/pdf-tools/SKILL.md': '---\nname: pdf-tools\ndescription: 42\n---\nBody\n' },
      [
        ['openhands', 'frontmatter-wrong-type', '.agents/skills/pdf-tools/SKILL.md', 3, 14],
        ['openhands', 'would-drop-directory', '.agents/skills/pdf-tools/SKILL.md', 3, 14],
      ],
    ],
    [
      'a hook event the service does not know',
      {
        'plugins/ops/hooks/hooks.json': JSON.stringify(
          { hooks: { PreToolUse: [], Notification: [{ hooks: [{ command: 'notify' }] }] } },
          null,
          2,
        ),
      },
      [['openhands', 'hooks-unknown-event', 'plugins/ops/hooks/hooks.json', 4, 5]],
    ],
    [
      'a marketplace entry whose folder is gone',
      {
        'plugins/ops/.plugin/plugin.json': null,
        'plugins/ops/.claude-plugin': null,
        'plugins/ops/commands/status.md': null,
        'plugins/ops/agents/oncall.md': null,
        'plugins/ops/hooks/hooks.json': null,
        'plugins/ops/skills/restart/SKILL.md': null,
        'plugins/ops/skills/shared-lint': null,
        'plugins/ops/.mcp.json': null,
      },
      [['openhands', 'coverage-entry-missing', '.claude-plugin/marketplace.json', 16, 17]],
    ],
    [
      'a plugin no marketplace lists',
      { 'plugins/extra/.plugin/plugin.json': '{ "name": "extra" }\n' },
      [['openhands', 'coverage-unlisted-plugin', 'plugins/extra/.plugin/plugin.json', 1, 1]],
    ],
    [
      'a tool server over plain http',
      {
        'plugins/review/mcp.json': JSON.stringify(
          {
            $schema: 'https://agent-plugins.org/schemas/1.0.0/mcp.schema.json',
            mcpServers: { github: { type: 'sse', url: 'http://api.example.com/mcp' } },
          },
          null,
          2,
        ),
      },
      'mcp-',
    ],
  ])('reports %s at the right place', async (_, changes, expected) => {
    const { found } = await findings(repository(changes as Record<string, TreeEntry | null>), ['--preset', 'openhands']);
    const problems = found.filter((f) => f[1] !== 'manifest-root-ignored-before-1.49');
    if (typeof expected === 'string') {
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(problem).toEqual(expect.arrayContaining(['openhands', 'plugins/review/mcp.json']));
      expect(problems.every((problem) => String(problem[1]).startsWith(expected))).toBe(true);
    } else expect(problems).toEqual(expected);
  });

  it('judges the same files by each profile, and names the profile of every finding', async () => {
    const { found } = await findings(repository(), [
      '--preset',
      'openhands',
      '--profile',
      'agentskills',
      '--profile',
      'claude-code',
      '--profile',
      'agent-plugins',
    ]);
    const profiles = new Set(found.map((f) => f[0]));
    expect([...profiles].sort()).toEqual(['agent-plugins', 'agentskills', 'claude-code']);
    // The service reads `triggers`; the Agent Skills specification does not.
    expect(found).toContainEqual(['agentskills', 'agentskills-unexpected-field', '.agents/skills/deploy/SKILL.md', 4, 1]);
    // Claude Code wants an object where the legacy manifest writes "Name <email>".
    expect(found).toContainEqual(['claude-code', 'claude-code-wrong-type', 'plugins/ops/.plugin/plugin.json', 5, 13]);
    // A legacy plugin is not an Agent Plugins plugin.
    expect(found).toContainEqual(['agent-plugins', 'agent-plugins-manifest-missing', 'plugins/ops/.plugin/plugin.json', 1, 1]);
    // Without --profile openhands, none of the service's own findings are printed.
    expect(found.some((f) => f[0] === 'openhands')).toBe(false);
  });
});

describe('agentwire validate: formats, exit codes, options', () => {
  const broken = () =>
    repository({
      '.agents/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: "Deploys: a, b % c"\n---\nBody\n',
      '.agents/skills/readme.md': 'lowercase readme\n',
      '.agents/skills/pdf-tools/SKILL.md': '---\nname: pdf\ndescription: PDFs.\n---\nBody\n',
    });

  it('text: grouped by file, with the summary line; colour only when asked for', async () => {
    const root = broken();
    const plain = await validate(root, ['--preset', 'openhands'], { NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(plain.status).toBe(1);
    expect(plain.stdout).not.toContain('\u001b[');
    expect(plain.stdout).toContain('.agents/skills/pdf-tools/SKILL.md\n  2:7  error  The name "pdf" differs from its folder "pdf-tools".');
    expect(plain.stdout.trimEnd().split('\n').pop()).toMatch(/^1 error, 1 warning, 1 info in \d+ files \(/);
    const coloured = await validate(root, ['--preset', 'openhands'], { FORCE_COLOR: '1' });
    expect(coloured.stdout).toContain('\u001b[');
    const quiet = await validate(root, ['--preset', 'openhands', '--quiet'], { NO_COLOR: '1' });
    expect(quiet.stdout).not.toContain('readme-loaded-as-skill');
    expect(quiet.stdout).toContain('skill-name-mismatch');
  });

  it('github: workflow commands with the escaping rules', async () => {
    const run = await validate(broken(), ['--preset', 'openhands', '--format', 'github']);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toContain(
      '::error file=.agents/skills/pdf-tools/SKILL.md,line=2,col=7,title=skill-name-mismatch::The name "pdf" differs from its folder "pdf-tools". The service drops this skill. [openhands]%0AMake the `name` field and the folder name the same.',
    );
    expect(
      lines.some((line) => line.startsWith('::warning file=.agents/skills/readme.md,line=1,col=1,title=readme-loaded-as-skill::')),
    ).toBe(true);
    expect(lines.some((line) => line.startsWith('::notice '))).toBe(true);
  });

  it('json and sarif: one document each', async () => {
    const root = broken();
    const json = JSON.parse((await validate(root, ['--preset', 'openhands', '--format', 'json'])).stdout);
    expect(json).toMatchObject({ tool: { name: 'agentwire' }, profiles: ['openhands'], summary: { errors: 1, warnings: 1, infos: 1 } });
    expect(json.inventory.skills).toBeGreaterThan(30);
    const sarif = JSON.parse((await validate(root, ['--preset', 'openhands', '--format', 'sarif'])).stdout);
    expect(sarif.version).toBe('2.1.0');
    const results = sarif.runs[0].results as {
      ruleId: string;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    }[];
    expect(results.find((result) => result.ruleId === 'skill-name-mismatch')).toMatchObject({
      level: 'error',
      locations: [
        { physicalLocation: { artifactLocation: { uri: '.agents/skills/pdf-tools/SKILL.md' }, region: { startLine: 2, startColumn: 7 } } },
      ],
    });
  });

  it('--strict fails on warnings; exit 2 for bad usage and unreadable input', async () => {
    const root = repository({ '.agents/skills/readme.md': 'lowercase readme\n' });
    expect((await validate(root, ['--preset', 'openhands'])).status).toBe(0);
    expect((await validate(root, ['--preset', 'openhands', '--strict'])).status).toBe(1);
    const typo = await validate(root, ['--formt', 'json']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('unknown option --formt (did you mean --format?)');
    expect((await validate(root, ['--format', 'xml'])).status).toBe(2);
    expect((await validate(root, ['--profile', 'cursor'])).status).toBe(2);
    expect((await validate(root, ['--service', '2.0'])).status).toBe(2);
    expect((await validate(root, ['--preset', 'nope'])).status).toBe(2);
    const missing = await validate(root, ['no/such/folder']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read no/such/folder');
  }, 60_000);

  it('--builtin-names reports a custom skill that takes a built-in\u2019s name', async () => {
    const root = repository();
    writeFileSync(join(root, 'builtin.txt'), '# the catalog\ngithub\ndeploy\n');
    const { found } = await findings(root, ['--preset', 'openhands', '--builtin-names', 'builtin.txt']);
    expect(found).toContainEqual(['openhands', 'builtin-name-collision', '.agents/skills/deploy/SKILL.md', 1, 1]);
    expect(found).toContainEqual(['openhands', 'builtin-name-collision', '.openhands/microagents/github.md', 1, 1]);
    rmSync(join(root, 'builtin.txt'));
  });

  it('checks single files and bare skills folders, and says when a path holds nothing to check', async () => {
    const root = broken();
    expect((await findings(root, ['.agents/skills/pdf-tools/SKILL.md'])).found).toEqual([]);
    const hooks = await findings(root, ['plugins/ops/hooks/hooks.json']);
    expect(hooks.status).toBe(0);
    const folder = await findings(root, ['.agents/skills']);
    expect(folder.found).toContainEqual(['openhands', 'skill-name-mismatch', '.agents/skills/pdf-tools/SKILL.md', 2, 7]);
    writeTree(root, { 'empty/notes.txt': 'nothing here\n' });
    expect((await findings(root, ['empty'])).found).toEqual([['openhands', 'validate-nothing-found', 'empty', 1, 1]]);
  });

  it('never runs anything from the repository', async () => {
    const marker = join(process.env.TMPDIR ?? '/tmp', `agentwire-validate-ran-${process.pid}`);
    const write = `node -e "require('fs').writeFileSync('${marker}','x')"`;
    const root = repository({
      '.agents/skills/js/SKILL.md': `---js\nrequire('fs').writeFileSync(${JSON.stringify(marker)}, 'x')\n---\nBody\n`,
      '.agents/skills/inline/SKILL.md': `---\nname: inline\ndescription: Runs a command.\n---\nNow: !\`${write}\`\n`,
      'plugins/ops/hooks/hooks.json': JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ command: write }] }] } }),
    });
    git(root, 'add', '-A');
    const { found } = await findings(root, ['--preset', 'openhands']);
    expect(found.map((f) => f[1])).toEqual(expect.arrayContaining(['frontmatter-javascript', 'inline-command']));
    expect(existsSync(marker)).toBe(false);
  });

  it('--help documents every option', async () => {
    const help = node([CLI, 'validate', '--help']).stdout;
    for (const option of [
      '--profile',
      '--format',
      '--strict',
      '--quiet',
      '--preset',
      '--service',
      '--builtin-names',
      '--rule <id>:<severity>',
      '--ignore <glob>',
      '--config <file>',
      '--no-config',
      '--max-warnings <N>',
    ])
      expect(help).toContain(option);
    expect(readFileSync(join(__dirname, '../docs/cli.md'), 'utf8')).toContain('agentwire validate');
  });
});

describe('agentwire validate: configuration', () => {
  /** A marketplace Claude Code refuses (its name is reserved) listing a plugin with no metadata (a warning). */
  const OFFICIAL = {
    '.claude-plugin/marketplace.json': JSON.stringify({
      name: 'claude-plugins-official',
      owner: { name: 'Plugins' },
      plugins: [{ name: 'ops', source: './plugins/ops' }],
    }),
    'plugins/ops/.claude-plugin/plugin.json': JSON.stringify({ name: 'ops' }),
  };
  const RESERVED = 'claude-code-marketplace-name-reserved';
  const METADATA = 'claude-code-metadata-missing';
  const official = (files: Record<string, string> = {}) => {
    const repo = tempRepository({ ...OFFICIAL, ...files });
    cleanups.push(repo.cleanup);
    return repo.root;
  };
  const codes = async (cwd: string, args: string[]) => {
    const run = await validate(cwd, ['--format', 'json', ...args]);
    const diagnostics =
      run.stdout === '' ? [] : (JSON.parse(run.stdout) as { diagnostics: { code: string; severity: string }[] }).diagnostics;
    return { status: run.status, stderr: run.stderr, found: diagnostics.map((d) => `${d.code}:${d.severity}`) };
  };

  it('--rule turns the reserved-name rule off, so the marketplace passes under --profile claude-code', async () => {
    const root = official();
    expect(await codes(root, ['--profile', 'claude-code'])).toEqual({
      status: 1,
      stderr: '',
      found: [`${RESERVED}:error`, `${METADATA}:warning`],
    });
    expect(await codes(root, ['--profile', 'claude-code', '--rule', `${RESERVED}:off`])).toEqual({
      status: 0,
      stderr: '',
      found: [`${METADATA}:warning`],
    });
    expect((await codes(root, ['--profile', 'claude-code', '--rule', 'tag:claude-code:info'])).found).toEqual([
      `${RESERVED}:info`,
      `${METADATA}:info`,
    ]);
  });

  it('reads agentwire.config.json above the path; flags weigh over it; --config and --no-config choose', async () => {
    const root = official({
      'agentwire.config.json': JSON.stringify({ profiles: ['claude-code'], rules: { [RESERVED]: 'off' } }),
      'ci/strict.json': JSON.stringify({ profiles: ['claude-code'], rules: { [METADATA]: 'error' } }),
    });
    expect((await codes(root, [])).found).toEqual([`${METADATA}:warning`]);
    expect((await codes(join(root, 'plugins'), ['..'])).found).toEqual([`${METADATA}:warning`]);
    expect((await codes(root, ['--rule', `${RESERVED}:warning`])).found).toEqual([`${RESERVED}:warning`, `${METADATA}:warning`]);
    expect(await codes(root, ['--config', 'ci/strict.json'])).toMatchObject({
      status: 1,
      found: [`${RESERVED}:error`, `${METADATA}:error`],
    });
    // Without a configuration, the default profile (openhands) finds nothing wrong here.
    expect(await codes(root, ['--no-config'])).toEqual({ status: 0, stderr: '', found: [] });
  });

  it('--ignore leaves files out, relative to the current folder', async () => {
    const root = official();
    expect((await codes(root, ['--profile', 'claude-code', '--ignore', 'plugins/**', '--ignore', '*.md'])).found).toEqual([
      `${RESERVED}:error`,
    ]);
  });

  it('--max-warnings N fails when there are more than N warnings, and says so', async () => {
    const root = official({ 'agentwire.config.json': JSON.stringify({ profiles: ['claude-code'], rules: { [RESERVED]: 'warning' } }) });
    expect((await validate(root, ['--max-warnings', '2'])).status).toBe(0);
    const over = await validate(root, ['--max-warnings', '1']);
    expect(over.status).toBe(1);
    expect(over.stderr).toBe('2 warnings, more than --max-warnings 1 allows\n');
    expect((await validate(root, ['--max-warnings', 'many'])).stderr).toContain('--max-warnings must be a whole number');
  });

  it('exit 2 with the file, the place and a suggestion for a configuration or a flag that cannot be used', async () => {
    const root = official({ 'agentwire.config.json': JSON.stringify({ rules: { 'claude-code-marketplace-name-reservd': 'off' } }) });
    const bad = await validate(root, []);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain(
      'agentwire.config.json: rules["claude-code-marketplace-name-reservd"]: unknown rule "claude-code-marketplace-name-reservd" (did you mean "claude-code-marketplace-name-reserved"?)',
    );
    const flag = await validate(root, ['--no-config', '--rule', 'skill-name-mismatc:off']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--rule skill-name-mismatc:off: unknown rule "skill-name-mismatc" (did you mean "skill-name-mismatch"?)');
    expect((await validate(root, ['--no-config', '--rule', 'skill-name-mismatch:eror'])).stderr).toContain(
      '"eror" is not one of off, info, warning, error (did you mean "error"?)',
    );
    expect((await validate(root, ['--no-config', '--rule', 'skill-name-mismatch'])).stderr).toContain('write <id>:<severity>');
    expect((await validate(root, ['--config', 'missing.json'])).stderr).toContain(
      'cannot read the configuration missing.json: no such file',
    );
    expect((await validate(root, ['--config', 'x.json', '--no-config'])).stderr).toContain('--config and --no-config cannot go together');
  });
});
