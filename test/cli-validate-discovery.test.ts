/**
 * `agentwire validate` over folders that hold nothing to check themselves (run in process; `rules`
 * through the built executable): an empty folder and a folder of unrelated Markdown fail with exit code 2, a monorepo
 * and a folder of git repositories are checked through their packages, dependencies are never
 * looked into; and `--explain <rule>`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, node, requireBuild } from './helpers/built';
import { runAgentwire } from './helpers/cli-in-process';
import { git, type TreeEntry, tempRepository, tempTree, writeTree } from './helpers/tree';

beforeAll(requireBuild);

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

function folder(files: Record<string, TreeEntry> = {}): string {
  const tree = tempTree(files);
  cleanups.push(tree.cleanup);
  return tree.root;
}

function validate(cwd: string, args: string[]) {
  return runAgentwire(['validate', ...args], undefined, { cwd });
}

interface JsonReport {
  diagnostics: { code: string; file: string; profile: string }[];
  inventory: { files: number; skills: number; plugins: number; marketplaces: number; contextFiles: number };
  discovered?: { path: string; packages: string[] }[];
  nothingFound?: string[];
}

async function json(cwd: string, args: string[]) {
  const run = await validate(cwd, ['--format', 'json', ...args]);
  return { status: run.status, stderr: run.stderr, report: JSON.parse(run.stdout) as JsonReport };
}

const codesAndFiles = (report: JsonReport) => report.diagnostics.map((d) => [d.code, d.file]);

const misnamedSkill = (name: string) => `---\nname: ${name}\ndescription: Deploys the service.\n---\nSteps.\n`;

/** One line on standard error that says a path holds nothing to check. */
function expectNothingToCheck(stderr: string, path: string): void {
  expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(`agentwire validate: nothing to check at ${path}: `)]);
}

describe('agentwire validate over a path that holds nothing to check', () => {
  it('fails an empty folder with exit code 2 and one line that says why, in every format', async () => {
    const root = folder();
    mkdirSync(join(root, 'empty'));
    const text = await validate(root, ['empty']);
    expect(text.status).toBe(2);
    expectNothingToCheck(text.stderr, 'empty');
    expect(text.stdout.trimEnd().split('\n').pop()).toBe('0 errors, 1 warning in 0 files');

    const { status, report, stderr } = await json(root, ['empty']);
    expect(status).toBe(2);
    expectNothingToCheck(stderr, 'empty');
    expect(report.nothingFound).toEqual(['empty']);
    expect(codesAndFiles(report)).toEqual([['validate-nothing-found', 'empty']]);

    const sarif = await validate(root, ['empty', '--format', 'sarif']);
    expect(sarif.status).toBe(2);
    const log = JSON.parse(sarif.stdout) as { version: string; runs: { results: { ruleId: string }[] }[] };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]?.results.map((result) => result.ruleId)).toEqual(['validate-nothing-found']);
  });

  it('is never green over 1,029 unrelated Markdown files, even with the rule set off or --write-baseline', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1029; i++) files[`notes/note-${String(i).padStart(4, '0')}.md`] = `# Note ${i}\n\nNothing for an agent here.\n`;
    const root = folder(files);
    const run = await validate(root, ['notes']);
    expect(run.status).toBe(2);
    expectNothingToCheck(run.stderr, 'notes');
    const off = await validate(root, ['notes', '--rule', 'validate-nothing-found:off']);
    expect(off.status).toBe(2);
    expectNothingToCheck(off.stderr, 'notes');
    const baseline = await validate(root, ['notes', '--write-baseline']);
    expect(baseline.status).toBe(2);
    // From inside the folder, with no path: the current folder holds nothing either.
    const here = await validate(join(root, 'notes'), []);
    expect(here.status).toBe(2);
    expectNothingToCheck(here.stderr, '.');
  });

  it('fails the run when one of several paths holds nothing', async () => {
    const root = folder({ 'good/AGENTS.md': '# Project\n\nRun the tests.\n', 'typo/README.md': '# Readme\n' });
    const run = await validate(root, ['good', 'typo']);
    expect(run.status).toBe(2);
    expectNothingToCheck(run.stderr, 'typo');
  });
});

describe('agentwire validate over a monorepo or a folder of repositories', () => {
  it('checks every package of a monorepo that holds skills or plugins, and says which', async () => {
    const repo = tempRepository({
      'package.json': '{ "name": "monorepo", "private": true }\n',
      'packages/a/package.json': '{ "name": "a" }\n',
      'packages/a/.agents/skills/deploy/SKILL.md': misnamedSkill('deploy-service'),
      'packages/b/.claude-plugin/plugin.json': '{ "name": "b", "version": 3 }\n',
      'packages/c/src/index.ts': 'export {};\n',
      'packages/c/README.md': '# c\n',
    });
    cleanups.push(repo.cleanup);
    const text = await validate(repo.root, []);
    expect(text.status).toBe(1);
    expect(text.stderr).toBe('found 2 packages to check in .: packages/a, packages/b\n');
    expect(text.stdout.trimEnd().split('\n').pop()).toBe('2 errors, 0 warnings in 2 files (1 skill, 1 plugin)');

    const { status, report } = await json(repo.root, ['.']);
    expect(status).toBe(1);
    expect(report.discovered).toEqual([{ path: '.', packages: ['packages/a', 'packages/b'] }]);
    expect(report.nothingFound).toBeUndefined();
    expect(codesAndFiles(report)).toEqual([
      ['skill-name-mismatch', 'packages/a/.agents/skills/deploy/SKILL.md'],
      ['manifest-wrong-type', 'packages/b/.claude-plugin/plugin.json'],
    ]);
    // Given from above, the paths keep the folder given.
    const above = await json(join(repo.root, '..'), [repo.root.split('/').pop() as string]);
    expect(above.report.diagnostics.map((d) => d.file.split('/').slice(1).join('/'))).toEqual([
      'packages/a/.agents/skills/deploy/SKILL.md',
      'packages/b/.claude-plugin/plugin.json',
    ]);

    // With an instruction file of its own, the root is checked as the service loads it: no package below.
    writeTree(repo.root, { 'AGENTS.md': '# Monorepo\n\nRun the tests.\n' });
    const rooted = await json(repo.root, ['.']);
    expect(rooted.status).toBe(0);
    expect(rooted.stderr).toBe('');
    expect(rooted.report.discovered).toBeUndefined();
    expect(rooted.report.inventory).toMatchObject({ contextFiles: 1, skills: 0, plugins: 0 });
  });

  it('checks each repository of a folder of git repositories, each by its own configuration', async () => {
    const root = folder();
    const one = join(root, 'one');
    const two = join(root, 'two');
    writeTree(one, {
      'AGENTS.md': '# One\n\nRun the tests.\n',
      '.agents/skills/deploy/SKILL.md': misnamedSkill('deploy-one'),
    });
    writeTree(two, {
      'agentwire.config.json': '{ "rules": { "skill-name-mismatch": "off" } }\n',
      '.agents/skills/release/SKILL.md': misnamedSkill('release-two'),
      '.claude-plugin/plugin.json': '{ "name": "two", "version": 2 }\n',
    });
    for (const repo of [one, two]) {
      git(repo, 'init', '-q');
      git(repo, 'add', '-A');
      git(repo, 'commit', '-q', '-m', 'initial');
    }
    const { status, stderr, report } = await json(root, ['.']);
    expect(status).toBe(1);
    expect(stderr).toBe('found 2 packages to check in .: one, two\n');
    expect(codesAndFiles(report)).toEqual([
      ['skill-name-mismatch', 'one/.agents/skills/deploy/SKILL.md'],
      ['manifest-wrong-type', 'two/.claude-plugin/plugin.json'],
    ]);
    expect(report.inventory).toMatchObject({ skills: 2, plugins: 1, contextFiles: 1 });
  });

  it('never looks into node_modules, hidden, ignored or too deep folders', async () => {
    const dependency = {
      'node_modules/tool/.agents/skills/helper/SKILL.md': misnamedSkill('helper-x'),
      'node_modules/tool/.claude-plugin/plugin.json': '{ "name": "tool", "version": 1 }\n',
      '.cache/copy/AGENTS.md': '# A cached copy\n',
      'a/b/c/d/e/.agents/skills/deep/SKILL.md': misnamedSkill('deep-x'),
    };
    const only = folder(dependency);
    const run = await validate(only, ['.']);
    expect(run.status).toBe(2);
    expectNothingToCheck(run.stderr, '.');

    const root = folder({
      ...dependency,
      'agentwire.config.json': '{ "ignore": ["examples"] }\n',
      'examples/broken/.agents/skills/x/SKILL.md': misnamedSkill('x-broken'),
      'packages/app/.agents/skills/deploy/SKILL.md': misnamedSkill('deploy-app'),
      'a/b/c/d/.agents/skills/shallow/SKILL.md': misnamedSkill('shallow-x'),
    });
    const { status, stderr, report } = await json(root, ['.']);
    expect(status).toBe(1);
    expect(stderr).toBe('found 2 packages to check in .: a/b/c/d, packages/app\n');
    expect(codesAndFiles(report)).toEqual([
      ['skill-name-mismatch', 'a/b/c/d/.agents/skills/shallow/SKILL.md'],
      ['skill-name-mismatch', 'packages/app/.agents/skills/deploy/SKILL.md'],
    ]);
  });
});

describe('agentwire validate --explain', () => {
  it('prints a rule\u2019s page as agentwire rules does, and checks nothing', async () => {
    const root = folder();
    const explained = await validate(root, ['--explain', 'skill-name-mismatch']);
    expect(explained.status).toBe(0);
    expect(explained.stderr).toBe('');
    expect(explained.stdout).toBe(node([CLI, 'rules', 'skill-name-mismatch']).stdout);
    expect(explained.stdout).toContain('How to fix it');
    const asJson = await validate(root, ['--explain', 'skill-name-mismatch', '--format', 'json']);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ code: 'skill-name-mismatch', severity: 'error' });
  });

  it('names the closest rule for an unknown one, refuses paths, and is in --help', async () => {
    const root = folder();
    const typo = await validate(root, ['--explain', 'skill-name-mismach']);
    expect(typo.status).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain('no rule is named skill-name-mismach (did you mean skill-name-mismatch?)');
    expect((await validate(root, ['--explain', 'skill-name-mismatch', '.'])).status).toBe(2);
    expect((await validate(root, ['--explain'])).status).toBe(2);
    expect((await validate(root, ['--help'])).stdout).toContain('--explain <rule>');
  });
});
