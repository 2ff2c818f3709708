/**
 * The GitHub Action of action.yml, run step by step as the runner runs a composite action: the
 * `${{ … }}` expressions substituted, each `run:` step in bash with the runner's options and
 * environment (the workspace a shallow clone of a skills repository, the event file of a pull
 * request, the output and summary files). The action path is this repository, built.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, requireBuild } from './helpers/built';
import { git, type TreeEntry, writeTree } from './helpers/tree';

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface ActionFile {
  name: string;
  description: string;
  branding: { icon: string; color: string };
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionFile;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
beforeAll(() => requireBuild());

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-action-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `${{ inputs.x }}` and `${{ github.action_path }}` replaced as the runner does before a step runs. */
function substitute(text: string, inputs: Record<string, string>, actionPath: string): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) {
      const name = input[1] as string;
      if (!(name in action.inputs)) throw new Error(`action.yml uses an input it does not declare: ${name}`);
      return inputs[name] ?? action.inputs[name]?.default ?? '';
    }
    if (expression === 'github.action_path') return actionPath;
    throw new Error(`the test does not evaluate \${{ ${expression} }}`);
  });
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The workflow commands printed, as `error file:line title`. */
  annotations: string[];
  outputs: Record<string, string>;
  summary: string;
  /** The `uses:` steps, which the test does not run. */
  skipped: string[];
}

/**
 * Runs the Action's steps in `workspace` as the runner would, with `inputs`, for an event
 * (`pull_request` with the base commit, or `push`). Stops at the first step that fails.
 */
function runAction(
  workspace: string,
  options: { inputs?: Record<string, string>; event: 'push' } | { inputs?: Record<string, string>; event: 'pull_request'; base: string },
  actionPath = ROOT,
  extraPath?: string,
): Run {
  const temp = tempDir();
  const eventPath = join(temp, 'event.json');
  const event =
    options.event === 'pull_request'
      ? { action: 'synchronize', pull_request: { number: 7, base: { sha: options.base, ref: 'main' }, head: { ref: 'feature' } } }
      : { ref: 'refs/heads/main' };
  writeFileSync(eventPath, JSON.stringify(event));
  const outputFile = join(temp, 'output');
  const summaryFile = join(temp, 'summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const inputs = options.inputs ?? {};
  const base: Record<string, string> = {
    PATH: `${extraPath === undefined ? '' : `${extraPath}:`}${process.env.PATH ?? ''}`,
    HOME: temp,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_ACTION_PATH: actionPath,
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: options.event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: temp,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_SYSTEM: '/dev/null',
  };
  let stdout = '';
  let stderr = '';
  let status: number | null = 0;
  const skipped: string[] = [];
  for (const [index, step] of action.runs.steps.entries()) {
    if (step.uses !== undefined) {
      skipped.push(step.uses);
      continue;
    }
    if (step.if !== undefined) throw new Error(`the test does not evaluate if: on run steps (${step.name})`);
    expect(step.shell).toBe('bash');
    const script = join(temp, `step-${index}.sh`);
    writeFileSync(script, substitute(step.run ?? '', inputs, actionPath));
    const env = { ...base };
    for (const [key, value] of Object.entries(step.env ?? {})) env[key] = substitute(value, inputs, actionPath);
    // The runner's command line for `shell: bash`.
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: workspace, env, encoding: 'utf8' });
    stdout += result.stdout;
    stderr += result.stderr;
    status = result.status;
    if (status !== 0) break;
  }
  const annotations = stdout
    .split('\n')
    .flatMap((line) => {
      const match = /^::(error|warning|notice) file=([^,]*),line=(\d+),col=\d+,title=([^:]*)::/.exec(line);
      return match ? [`${match[1]} ${match[2]}:${match[3]} ${match[4]}`] : [];
    })
    .sort();
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { status, stdout, stderr, annotations, outputs, summary: readFileSync(summaryFile, 'utf8'), skipped };
}

const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: A skill.${extra}\n---\n\n# Title\n\nBody.\n`;

/**
 * A repository as a pull request leaves it, cloned shallow as actions/checkout does: the base
 * commit holds two skills whose names differ from their folders (`old`, untouched by the pull
 * request, and `edit`, whose body it changes); the pull request adds `new`, with a wrong name on
 * line 2 and a description past 1,024 characters on line 3.
 */
function pullRequestRepository(
  baseFiles: Record<string, TreeEntry> = {},
  atBase: (root: string) => void = () => undefined,
): { workspace: string; base: string } {
  const origin = tempDir();
  git(origin, 'init', '-q');
  writeTree(origin, {
    '.agents/skills/old/SKILL.md': skill('wrong-old'),
    '.agents/skills/edit/SKILL.md': skill('wrong-edit'),
    ...baseFiles,
  });
  atBase(origin);
  git(origin, 'add', '-A');
  git(origin, 'commit', '-q', '-m', 'base');
  const base = git(origin, 'rev-parse', 'HEAD').trim();
  writeTree(origin, {
    '.agents/skills/edit/SKILL.md': skill('wrong-edit').replace('Body.', 'Body, changed.'),
    '.agents/skills/new/SKILL.md': `---\nname: wrong-new\ndescription: ${'x'.repeat(1100)}\n---\n\n# New\n`,
  });
  git(origin, 'add', '-A');
  git(origin, 'commit', '-q', '-m', 'pull request');
  const workspace = join(tempDir(), 'repo');
  git(tmpdir(), 'clone', '-q', '--depth=1', `file://${origin}`, workspace);
  return { workspace, base };
}

describe('action.yml', () => {
  it('declares the inputs, outputs and branding, and installs agentwire from its own checkout only', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.name).not.toBe('');
    expect(action.branding).toEqual({ icon: expect.any(String), color: expect.any(String) });
    expect(Object.keys(action.inputs)).toEqual(['paths', 'profiles', 'config', 'baseline', 'annotations', 'node-version']);
    expect(action.inputs.paths?.default).toBe('.');
    expect(action.inputs.annotations?.default).toBe('changed-lines');
    expect(Object.keys(action.outputs)).toEqual(['errors', 'warnings']);
    const scripts = action.runs.steps.map((step) => step.run ?? '').join('\n');
    expect(scripts).not.toMatch(/\bnpx\b|npm (i|exec) /);
    // The one `npm install` fetches the build's tools, named with their locked versions, into a
    // folder of their own.
    expect(scripts.match(/npm install .*/g)).toEqual([
      expect.stringMatching(
        /^npm install --prefix node_modules\/\.agentwire-build --no-save --no-package-lock --ignore-scripts --no-audit --no-fund "\$\{tools\[@\]\}"$/,
      ),
    ]);
    expect(scripts).toContain('node "$GITHUB_ACTION_PATH/dist/cli/main.js" validate');
    // Inputs reach the scripts through the environment only, never spliced into the script text.
    expect(scripts).not.toContain('${{');
  });
});

describe('the Action on a pull request', () => {
  it('annotates the findings on the changed lines only, fails on errors, writes the outputs and the summary', () => {
    const { workspace, base } = pullRequestRepository();
    // The base commit is not in the shallow clone: the Action fetches it.
    expect(spawnSync('git', ['cat-file', '-e', `${base}^{commit}`], { cwd: workspace }).status).not.toBe(0);
    const run = runAction(workspace, { event: 'pull_request', base });
    expect(run.skipped).toEqual(['actions/setup-node@v4']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.annotations).toEqual([
      'error .agents/skills/new/SKILL.md:2 skill-name-mismatch',
      'warning .agents/skills/new/SKILL.md:3 description-too-long',
    ]);
    expect(run.stdout).toContain('2 findings outside the changed lines, not annotated\n3 errors, 1 warning in 3 files (3 skills)\n');
    expect(run.outputs).toEqual({ errors: '3', warnings: '1' });
    expect(run.summary).toContain('### agentwire validate');
    expect(run.summary).toContain('#### On the changed lines (2, annotated)');
    expect(run.summary).toContain('#### Elsewhere (2, not annotated)');
    expect(run.summary).toContain('<code>.agents/skills/old/SKILL.md&#58;2&#58;7</code>');
  });

  it('passes the paths, profiles, configuration and baseline on', () => {
    const { workspace, base } = pullRequestRepository(
      { 'conf/agentwire.config.json': JSON.stringify({ rules: { 'description-too-long': 'error' } }) },
      (root) => {
        // The findings of the base commit, accepted for now.
        const args = [CLI, 'validate', '--profile', 'openhands', '--profile', 'agentskills', '--write-baseline', '--no-config'];
        expect(spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).status).toBe(0);
      },
    );
    const run = runAction(workspace, {
      event: 'pull_request',
      base,
      inputs: {
        paths: '.agents/skills/new/SKILL.md\n  .agents/skills/old/SKILL.md .agents/skills/edit/SKILL.md',
        profiles: 'openhands, agentskills',
        config: 'conf/agentwire.config.json',
        baseline: 'agentwire-baseline.json',
      },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    // The new skill's findings under both profiles, the long description raised to an error by the
    // configuration; the base commit's findings are known from the baseline and not annotated.
    expect(run.annotations).toEqual([
      'error .agents/skills/new/SKILL.md:2 agentskills-name-mismatch',
      'error .agents/skills/new/SKILL.md:3 agentskills-description-invalid',
      'error .agents/skills/new/SKILL.md:3 description-too-long',
    ]);
    // Given files, the folder-wide skill-name-mismatch of the base commit is not raised: "fixed".
    expect(run.stdout).toMatch(/\n3 errors, 0 warnings in 3 files \(3 skills\); baseline: 2 known, 2 fixed\n$/);
    expect(run.outputs).toEqual({ errors: '3', warnings: '0' });
  });

  it('annotates every finding with annotations: all, and none with annotations: none', () => {
    const { workspace, base } = pullRequestRepository();
    const all = runAction(workspace, { event: 'pull_request', base, inputs: { annotations: 'all' } });
    expect(all.annotations).toHaveLength(4);
    expect(all.status).toBe(1);
    const none = runAction(workspace, { event: 'pull_request', base, inputs: { annotations: 'none' } });
    expect(none.annotations).toEqual([]);
    expect(none.stdout).toContain('3 errors, 1 warning in 3 files (3 skills)');
    expect(none.outputs).toEqual({ errors: '3', warnings: '1' });
    expect(none.status).toBe(1);
    const bad = runAction(workspace, { event: 'pull_request', base, inputs: { annotations: 'some' } });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toContain('::error title=agentwire::annotations must be changed-lines, all or none, not "some"');
  });
});

describe('the Action outside pull requests', () => {
  it('annotates every finding on a push', () => {
    const { workspace } = pullRequestRepository();
    const run = runAction(workspace, { event: 'push' });
    expect(run.status).toBe(1);
    expect(run.annotations).toEqual([
      'error .agents/skills/edit/SKILL.md:2 skill-name-mismatch',
      'error .agents/skills/new/SKILL.md:2 skill-name-mismatch',
      'error .agents/skills/old/SKILL.md:2 skill-name-mismatch',
      'warning .agents/skills/new/SKILL.md:3 description-too-long',
    ]);
    expect(run.summary).not.toContain('changed lines');
  });

  it('passes on a clean repository, with zero outputs and a summary', () => {
    const workspace = tempDir();
    git(workspace, 'init', '-q');
    writeTree(workspace, { '.agents/skills/pdf/SKILL.md': skill('pdf') });
    git(workspace, 'add', '-A');
    git(workspace, 'commit', '-q', '-m', 'clean');
    const run = runAction(workspace, { event: 'push' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.annotations).toEqual([]);
    expect(run.outputs).toEqual({ errors: '0', warnings: '0' });
    expect(run.summary).toContain('**0 errors, 0 warnings in 1 file &#40;1 skill&#41;**');
  });
});

describe('the Action in a fresh checkout of agentwire', () => {
  it('installs the production dependencies and the build tools at their locked versions, builds the command line alone, once', () => {
    // The Action's checkout as the runner makes it: sources, no node_modules, no dist. npm is
    // stood in for (no registry here): it records its arguments, links the repository's copies of
    // the production dependencies for `ci` and of the packages named for `install --prefix`. The
    // build itself is real, and the command line it makes runs with the production dependencies.
    const actionPath = tempDir();
    for (const file of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsup.config.ts', 'scripts/prepare.mjs', 'src']) {
      cpSync(join(ROOT, file), join(actionPath, file), { recursive: true });
    }
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
    };
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    const locked = (name: string) => `${name}@${lock.packages[`node_modules/${name}`]?.version}`;
    const modules = join(ROOT, 'node_modules');
    const bin = tempDir();
    const log = join(bin, 'npm.log');
    writeFileSync(
      join(bin, 'npm'),
      [
        '#!/bin/bash',
        `echo "$PWD: $*" >> '${log}'`,
        'if [ "$1" = ci ]; then',
        '  mkdir node_modules',
        ...Object.keys(manifest.dependencies).map(
          (name) => `  mkdir -p "$(dirname 'node_modules/${name}')"; ln -s '${join(modules, name)}' 'node_modules/${name}'`,
        ),
        'elif [ "$1 $2" = "install --prefix" ]; then',
        '  mkdir -p "$3/node_modules"',
        '  prefix="$3"; shift 3',
        `  for spec; do case "$spec" in -*) ;; *) ln -s '${modules}/'"\${spec%@*}" "$prefix/node_modules/\${spec%@*}" ;; esac; done`,
        'fi',
        '',
      ].join('\n'),
    );
    chmodSync(join(bin, 'npm'), 0o755);
    const { workspace, base } = pullRequestRepository();
    const first = runAction(workspace, { event: 'pull_request', base }, actionPath, bin);
    expect(first.stderr).toBe('');
    expect(readFileSync(log, 'utf8').split('\n')).toEqual([
      `${actionPath}: ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund`,
      `${actionPath}: install --prefix node_modules/.agentwire-build --no-save --no-package-lock --ignore-scripts --no-audit --no-fund ${locked('tsup')} ${locked('typescript')}`,
      '',
    ]);
    // The command line alone, without declarations or the library's other entries.
    expect(existsSync(join(actionPath, 'dist/cli/main.js'))).toBe(true);
    expect(existsSync(join(actionPath, 'dist/index.js'))).toBe(false);
    expect(readdirSync(join(actionPath, 'dist'), { recursive: true }).filter((file) => String(file).endsWith('.d.ts'))).toEqual([]);
    expect(first.stdout).toContain(`${manifest.version}\n`);
    expect(first.status).toBe(1);
    expect(first.annotations).toEqual([
      'error .agents/skills/new/SKILL.md:2 skill-name-mismatch',
      'warning .agents/skills/new/SKILL.md:3 description-too-long',
    ]);
    expect(first.outputs).toEqual({ errors: '3', warnings: '1' });
    const second = runAction(workspace, { event: 'pull_request', base }, actionPath, bin);
    expect(second.stdout).toContain(`agentwire is built already in ${actionPath}`);
    expect(readFileSync(log, 'utf8').split('\n')).toHaveLength(3);
    expect(second.annotations).toEqual(first.annotations);
  });
});
