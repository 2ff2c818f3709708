/**
 * The pre-commit hook (`.pre-commit-hooks.yaml`): its `files` pattern picks the files validate
 * reads, and its entry, run as pre-commit runs it (no file names, in the repository's root),
 * passes a clean repository and fails one with an error. pre-commit itself is not needed: the
 * test runs the entry with the built CLI in place of the installed `agentwire`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, node, ROOT, requireBuild } from './helpers/built';

interface Hook {
  id: string;
  entry: string;
  language: string;
  pass_filenames: boolean;
  files: string;
}

const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
const hook = hooks.find((candidate) => candidate.id === 'agentwire-validate') as Hook;

beforeAll(requireBuild);

/** Runs the hook's entry in `dir` as pre-commit would, with the built CLI for `agentwire`. */
function runHook(dir: string) {
  const [command, ...args] = hook.entry.split(' ');
  expect(command).toBe('agentwire');
  return node([CLI, ...args], undefined, { cwd: dir });
}

function repository(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agentwire-hook-'));
  expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('.pre-commit-hooks.yaml', () => {
  it('declares a node hook that checks the whole repository', () => {
    expect(hook).toBeDefined();
    expect(hook.language).toBe('node');
    expect(hook.pass_filenames).toBe(false);
  });

  it('runs on the files validate reads, and not on others', () => {
    const files = new RegExp(hook.files);
    for (const path of [
      '.agents/skills/pdf/SKILL.md',
      'skills/pdf/SKILL.md',
      'AGENTS.md',
      'docs/AGENTS.md',
      'plugin.json',
      'plugins/x/.claude-plugin/plugin.json',
      '.claude-plugin/marketplace.json',
      'hooks/hooks.json',
      '.mcp.json',
      'agentwire.config.json',
      '.openhands/microagents/repo.md',
      'plugins/x/commands/run.md',
    ])
      expect(files.test(path), path).toBe(true);
    for (const path of ['src/index.ts', 'README.md', 'docs/guide.md', 'tsconfig.json']) expect(files.test(path), path).toBe(false);
  });

  it('passes a clean repository and fails one the service would drop a skill of', () => {
    const good = repository({ '.agents/skills/pdf-tools/SKILL.md': '---\nname: pdf-tools\ndescription: Fill PDF forms.\n---\nSteps.\n' });
    const passed = runHook(good);
    expect(passed.stdout).toContain('0 errors');
    expect(passed.status).toBe(0);
    const bad = repository({ '.agents/skills/pdf-tools/SKILL.md': '---\nname: [unclosed\ndescription: x\n---\nSteps.\n' });
    const failed = runHook(bad);
    expect(failed.stdout).toContain('frontmatter-invalid-yaml');
    expect(failed.status).toBe(1);
  });
});
