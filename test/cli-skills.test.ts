/**
 * `agentwire skills list` (in process; colour, progress and the token through the built executable), on projects and configuration
 * repositories written by the tests (bare repositories reached by `file:` URLs, and a loopback
 * git server for the token).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, requireBuild } from './helpers/built';
import { runAgentwire } from './helpers/cli-in-process';
import { createUpstream, startGitHttpServer } from './helpers/config-repositories';
import { git, tempTree } from './helpers/tree';

const work = mkdtempSync(join(tmpdir(), 'agentwire-cli-skills-'));
const cache = join(work, 'cache');
const cli = (args: string[]) => runAgentwire(args);
const list = (...args: string[]) => cli(['skills', 'list', ...args, '--cache-dir', cache]);

const skill = (name: string, fields: string, body = 'Body.\n') => `---\nname: ${name}\n${fields}\n---\n${body}`;

/** A project: two instruction files of one name, SKILL.md skills of each trigger kind, a legacy file hidden by a SKILL.md. */
const PROJECT = {
  'AGENT.md': '# Notes\n',
  'AGENTS.md': '# Project\nUse pnpm.\n',
  '.agents/skills/code-review/SKILL.md': skill(
    'code-review',
    'description: Reviews pull requests.\n  Checks style and tests.\ntriggers: [review, pull request]',
  ),
  '.agents/skills/deploy/SKILL.md': skill('deploy', 'description: Deploys the app.\ninputs:\n  - name: env\n    description: where'),
  '.agents/skills/lint/SKILL.md': skill('lint', 'description: Lint rules.\npaths: ["src/**/*.ts"]'),
  '.agents/skills/quiet/SKILL.md': skill('quiet', 'description: Only on request.\ndisable-model-invocation: true'),
  '.openhands/skills/deploy.md': '---\ntriggers: [deploy]\n---\nThe old deploy.\n',
};

const project = tempTree(PROJECT);
git(project.root, 'init', '-q');
const agents = createUpstream(work, 'acme/.agents', {
  'skills/deploy/SKILL.md': skill('deploy', 'description: Deploys, the organization way.'),
  'skills/org-only/SKILL.md': skill('org-only', 'description: Only in the organization.\ntriggers: [org]'),
  'microagents/org-only.md': '---\ntriggers: [legacy]\n---\nLegacy.\n',
});
const legacy = createUpstream(work, 'acme/.openhands', {
  'skills/org-only/SKILL.md': skill('org-only', 'description: The older one.'),
  'skills/handbook.md': 'Read the handbook.\n',
});
const commitOf = (bare: string) => git(bare, 'rev-parse', 'HEAD').trim().slice(0, 12);
/** How messages name a `file:` repository: its path without the leading `/` and the `.git`. */
const pathOf = (bare: string) => bare.replace(/^\//, '');

beforeAll(requireBuild);
afterAll(() => {
  project.cleanup();
  agents.cleanup();
  legacy.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe('agentwire skills list', () => {
  it('lists the project skills: layer, trigger, description, what each hides, what is off', async () => {
    const run = await list(project.root, '--preset', 'openhands', '--disabled', 'lint');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        `5 skills for ${project.root} (preset openhands): 4 on, 1 off`,
        '',
        '  NAME         LAYER    TRIGGER                        DESCRIPTION',
        '  agents       project  none (always in context)',
        `               hides ${project.root}/AGENTS.md (project): the service reads the first of the two and skips this one without a log line`,
        `               ${project.root}/AGENT.md`,
        '  code-review  project  keyword: review, pull request  Reviews pull requests. Checks style and tests.',
        `               ${project.root}/.agents/skills/code-review/SKILL.md`,
        '  deploy       project  task: /deploy                  Deploys the app.',
        `               hides ${project.root}/.openhands/skills/deploy.md (project): the service keeps the first skill of a name (instruction files, then folders in precedence order, the working folder before the git root)`,
        `               ${project.root}/.agents/skills/deploy/SKILL.md`,
        '  lint         project  path: src/**/*.ts              Lint rules.',
        '               off: its name is in the disabled list',
        `               ${project.root}/.agents/skills/lint/SKILL.md`,
        '  quiet        project  none (read on demand)          Only on request.',
        "               hidden from the model's skill list (disable-model-invocation)",
        `               ${project.root}/.agents/skills/quiet/SKILL.md`,
        '',
        'Loading found 2 warnings: run agentwire validate for details.',
        '',
      ].join('\n'),
    );
    expect(run.status).toBe(0);
  });

  it('resolves configuration repositories: a later repository wins, the project wins over them', async () => {
    const run = await list(project.root, '--org-repo', legacy.url, '--org-repo', agents.url, '--format', 'json');
    const listing = JSON.parse(run.stdout);
    expect(listing.preset).toBe('neutral');
    expect(listing.skills.map((s: { name: string; layer: string }) => `${s.name}:${s.layer}`)).toEqual([
      'agents:project',
      'code-review:project',
      'deploy:project',
      'handbook:organization',
      'lint:project',
      'org-only:organization',
      'quiet:project',
    ]);
    const byName = Object.fromEntries(listing.skills.map((s: { name: string }) => [s.name, s]));
    expect(byName.deploy.shadows).toEqual([
      {
        file: `${pathOf(agents.bare)}: skills/deploy/SKILL.md`,
        layer: 'organization',
        why: 'the project layer overrides the organization layer',
      },
    ]);
    expect(byName['org-only']).toMatchObject({
      file: `${pathOf(agents.bare)}: skills/org-only/SKILL.md`,
      trigger: { kind: 'keyword', keywords: ['org'] },
      description: 'Only in the organization.',
    });
    expect(byName['org-only'].shadows).toEqual([
      {
        file: `${pathOf(agents.bare)}: microagents/org-only.md`,
        layer: 'organization',
        why: 'the service reads microagents/ only for names skills/ does not have',
      },
      {
        file: `${pathOf(legacy.bare)}: skills/org-only/SKILL.md`,
        layer: 'organization',
        why: `the service keeps the one of ${pathOf(agents.bare)} and ignores this one without a word`,
      },
    ]);
    expect(byName.handbook).toMatchObject({ role: 'context', format: 'legacy', trigger: { kind: 'none', keywords: [] } });
    expect(listing.repositories).toEqual([
      {
        url: legacy.url,
        repository: pathOf(legacy.bare),
        status: 'loaded',
        commit: git(legacy.bare, 'rev-parse', 'HEAD').trim(),
        skills: 2,
      },
      {
        url: agents.url,
        repository: pathOf(agents.bare),
        status: 'loaded',
        commit: git(agents.bare, 'rev-parse', 'HEAD').trim(),
        skills: 2,
      },
    ]);
    // The same name in two repositories of the organization is an error (duplicate-skill-name).
    expect(listing.problems.errors).toBe(1);
    expect(run.status).toBe(1);
    const text = await list(project.root, '--org-repo', agents.url);
    expect(text.stdout).toContain(
      `\nConfiguration repositories:\n  ${pathOf(agents.bare)}  loaded, 2 skills  (${agents.url}, commit ${commitOf(agents.bare)})\n`,
    );
    expect(text.status).toBe(0);
  });

  it('notes a repository that does not exist (most owners have none)', async () => {
    const missing = `file://${join(work, 'nobody', '.agents')}`;
    const run = await list(project.root, '--org-repo', missing);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`  ${pathOf(join(work, 'nobody', '.agents'))}  missing, 0 skills  (${missing})\n`);
    expect(run.stdout).toContain('Loading found 1 warning, 1 note: run agentwire validate for details.\n');
  });

  it('enablement by name: the deny-list, the allow-list over the built-in names, custom skills named like built-ins', async () => {
    const names = join(work, 'builtin.txt');
    spawnSync('sh', ['-c', `printf '# catalog\\ndeploy\\ncode-review\\n' > "${names}"`]);
    const run = await list(project.root, '--builtin-names', names, '--enabled', 'deploy', '--disabled', 'quiet', '--format', 'json');
    const byName = Object.fromEntries(JSON.parse(run.stdout).skills.map((s: { name: string }) => [s.name, s]));
    expect(byName.deploy).toMatchObject({ enabled: true });
    expect(byName['code-review']).toMatchObject({ enabled: false, reason: 'its name is a built-in skill that is not in the enabled list' });
    expect(byName.quiet).toMatchObject({ enabled: false, reason: 'its name is in the disabled list' });
    // code-review and deploy take built-in names: two more warnings.
    expect(JSON.parse(run.stdout).problems).toEqual({ errors: 0, warnings: 3, infos: 0 });
    const alone = await list(project.root, '--enabled', 'deploy');
    expect(alone.stderr).toBe('agentwire skills list: --enabled has no effect without --builtin-names (it switches built-in skills on)\n');
  });

  it('caches under $XDG_CACHE_HOME/agentwire/config-repositories by default', async () => {
    const xdg = join(work, 'xdg');
    const run = spawnSync(process.execPath, [CLI, 'skills', 'list', project.root, '--org-repo', agents.url], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: xdg },
    });
    expect(run.status).toBe(0);
    expect(existsSync(join(xdg, 'agentwire', 'config-repositories', '~file'))).toBe(true);
  });

  /** `skills list` of the project with one --org-repo, the token in AGENTWIRE_GIT_TOKEN (asynchronous: the test's server answers git). */
  const listWithToken = (url: string, cacheDir: string, token: string) =>
    new Promise<{ stdout: string; stderr: string; status: number | null }>((done) => {
      const child = spawn(process.execPath, [CLI, 'skills', 'list', project.root, '--org-repo', url, '--cache-dir', cacheDir], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1', AGENTWIRE_GIT_TOKEN: token },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('close', (status) => done({ stdout, stderr, status }));
    });

  it('sends AGENTWIRE_GIT_TOKEN as a header to https-like remotes and never prints it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'agentwire-cli-http-'));
    createUpstream(root, 'acme/.agents.git', { 'skills/remote/SKILL.md': skill('remote', 'description: Over HTTP.') }).cleanup();
    const server = await startGitHttpServer(root);
    const token = 'tok3n-s3cret';
    server.requiredAuthorization = `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
    try {
      const url = `${server.origin}/acme/.agents.git`;
      const run = await listWithToken(url, join(root, 'cache'), token);
      expect(run.stdout).toContain('  remote       organization');
      expect(run.stdout).toContain(`  acme/.agents  loaded, 1 skill  (${url}, commit `);
      expect(`${run.stdout}${run.stderr}`).not.toContain(token);
      expect(server.authorizations).toContain(server.requiredAuthorization);
      expect(run.status).toBe(0);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a token the server answers 401 to is an authentication error: exit 2, one line, no token', async () => {
    const root = mkdtempSync(join(tmpdir(), 'agentwire-cli-http-'));
    createUpstream(root, 'acme/.agents.git', { 'skills/remote/SKILL.md': skill('remote', 'description: Remote.') }).cleanup();
    const server = await startGitHttpServer(root);
    server.mode = 'unauthorized';
    const token = 'expired-t0ken';
    try {
      const url = `${server.origin}/acme/.agents.git`;
      const run = await listWithToken(url, join(root, 'cache'), token);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.startsWith(`agentwire skills list: AGENTWIRE_GIT_TOKEN: ${url} refused the token (HTTP 401 or 403)`)).toBe(true);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).not.toContain(token);
      expect(run.stderr).not.toContain(Buffer.from(`x-access-token:${token}`).toString('base64'));
      expect(server.authorizations.at(-1)).toBe(`Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a token that would reach two hosts, and credentials in a URL, without printing them', async () => {
    const two = spawnSync(
      process.execPath,
      [CLI, 'skills', 'list', project.root, '--org-repo', 'https://github.com/a/.agents', '--org-repo', 'https://evil.example/a/.agents'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, AGENTWIRE_GIT_TOKEN: 'tok3n' } },
    );
    expect(two.status).toBe(2);
    expect(two.stderr).toBe(
      'agentwire skills list: AGENTWIRE_GIT_TOKEN would be sent to github.com and evil.example: list the repositories of one host per run\n',
    );
    const inline = await list(project.root, '--org-repo', 'https://user:pa55word@github.com/a/.agents');
    expect(inline.status).toBe(2);
    expect(inline.stderr).toContain('--org-repo: A https: repository URL carries credentials');
    expect(inline.stderr).not.toContain('pa55word');
  });

  it('usage errors: exit 2, one line, no stack', async () => {
    for (const [args, text] of [
      [[join(work, 'nothing-here')], 'is not a folder'],
      [[project.root, '--preset', 'acme'], 'Unknown skill preset "acme"'],
      [[project.root, '--format', 'xml'], '--format must be text or json, not xml'],
      [[project.root, '--org-rep', 'x'], 'unknown option --org-rep (did you mean --org-repo?)'],
      [
        [project.root, '--org-repo', 'ext::sh -c touch% /tmp/pwned'],
        '--org-repo: The repository URL holds whitespace or control characters.',
      ],
      [[project.root, '--org-repo=-uhttps://x/y'], 'starts with "-": git would read it as an option'],
      [[project.root, '--builtin-names', join(work, 'no-such-file')], 'cannot read --builtin-names'],
      [[project.root, 'second'], 'expected at most one folder'],
    ] as const) {
      const run = await list(...args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(text);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);

  it('names and descriptions from the repository cannot drive the terminal', async () => {
    const tree = tempTree({
      '.agents/skills/evil/SKILL.md': skill('evil', 'description: "Looks fine\\u001b[2J\\u202e then not"'),
    });
    try {
      const run = await list(tree.root);
      expect(run.stdout).toContain('Looks fine\\u001b[2J\\u202e then not');
      expect(run.stdout).not.toContain('\u001b');
    } finally {
      tree.cleanup();
    }
  });

  it('colour only when asked, never with NO_COLOR', async () => {
    const env = (extra: Record<string, string>) => {
      const clean = { ...process.env };
      delete clean.NO_COLOR;
      delete clean.FORCE_COLOR;
      return { ...clean, ...extra };
    };
    const args = [CLI, 'skills', 'list', project.root, '--disabled', 'lint', '--cache-dir', cache];
    const colored = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: env({ FORCE_COLOR: '1' }) });
    expect(colored.stdout).toContain('\u001b[33moff\u001b[39m: its name is in the disabled list');
    const plain = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: env({ FORCE_COLOR: '1', NO_COLOR: '1' }) });
    expect(plain.stdout).not.toContain('\u001b[');
  });

  it('shows progress on a terminal only', async () => {
    const scriptAvailable = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
    if (!scriptAvailable) return;
    const fresh = join(work, 'fresh-cache');
    const command = `stty cols 200; "${process.execPath}" "${CLI}" skills list "${project.root}" --org-repo "${agents.url}" --cache-dir "${fresh}" --format json`;
    const run = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stdout).toContain(`\rcloning ${agents.url}`);
    expect(run.stdout).toContain(`\rdone ${agents.url}`);
    // Not on a pipe.
    const piped = await list(project.root, '--org-repo', agents.url);
    expect(piped.stderr).toBe('');
  });

  it('--help lists every option, the token variable and the exit codes', async () => {
    const run = await cli(['skills', 'list', '--help']);
    expect(run.status).toBe(0);
    for (const text of [
      'Usage: agentwire skills list [dir] [options]',
      '--org-repo URL',
      '--preset NAME',
      '--disabled NAME',
      '--enabled NAME',
      '--builtin-names FILE',
      '--cache-dir DIR',
      '$XDG_CACHE_HOME or ~/.cache, then agentwire/config-repositories',
      '--format text|json',
      '-h, --help',
      'AGENTWIRE_GIT_TOKEN',
      'Exit codes: 0 listed, 1 listed but loading found errors',
      'A configuration repository that does not exist is a note',
    ]) {
      expect(run.stdout).toContain(text);
    }
  });
});
