/**
 * `agentwire validate --fix` and `--fix-dry-run` end to end, through the built executable, on git
 * repositories written by the tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, node, requireBuild } from './helpers/built';
import { git, type TreeEntry, tempRepository } from './helpers/tree';

beforeAll(requireBuild);

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

function repository(files: Record<string, TreeEntry>): string {
  const repo = tempRepository(files);
  cleanups.push(repo.cleanup);
  return repo.root;
}

const run = (cwd: string, args: string[]) => node([CLI, 'validate', ...args], undefined, { cwd });

const FILES = {
  '.agents/skills/deploy/SKILL.md': '\ufeff---\nname: deploy\ndescription: Deploys the service.\ntrigger: deploy\n---\nBody\n',
  '.agents/skills/pdf/SKILL.md': '---\nname: pdf\ndescription: 1.10\nlicense: MIT\n---\nBody\n',
  '.agents/skills/notes/SKILL.md': '---\nname: notes\ndescription:\n  42\n---\nBody\n',
};

describe('agentwire validate --fix-dry-run', () => {
  it('prints the diff of every fix, writes nothing, and exits for what would remain', () => {
    const root = repository(FILES);
    const before = Object.keys(FILES).map((file) => readFileSync(join(root, file)));
    const result = run(root, ['--fix-dry-run']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      [
        '--- a/.agents/skills/deploy/SKILL.md',
        '+++ b/.agents/skills/deploy/SKILL.md',
        '@@ -1,6 +1,7 @@',
        '-\\ufeff---',
        '+---',
        ' name: deploy',
        ' description: Deploys the service.',
        '-trigger: deploy',
        '+triggers:',
        '+  - deploy',
        ' ---',
        ' Body',
        '--- a/.agents/skills/pdf/SKILL.md',
        '+++ b/.agents/skills/pdf/SKILL.md',
        '@@ -1,6 +1,6 @@',
        ' ---',
        ' name: pdf',
        '-description: 1.10',
        "+description: '1.10'",
        ' license: MIT',
        ' ---',
        ' Body',
        'would fix 3 problems in 2 files (nothing written)',
        '  not fixed: .agents/skills/notes/SKILL.md:4:3 frontmatter-wrong-type: the value does not start on the line of its key',
        '',
        '.agents/skills/notes/SKILL.md',
      ].join('\n'),
    );
    expect(result.stdout).toMatch(/\n2 errors, 0 warnings in 3 files \(3 skills\)\n$/);
    expect(Object.keys(FILES).map((file) => readFileSync(join(root, file)))).toEqual(before);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });
});

describe('agentwire validate --fix', () => {
  it('writes the fixes, says how many, and reports what remains', () => {
    const root = repository(FILES);
    const result = run(root, ['--fix']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(
      result.stdout.startsWith('fixed 3 problems in 2 files\n  not fixed: .agents/skills/notes/SKILL.md:4:3 frontmatter-wrong-type:'),
    ).toBe(true);
    expect(git(root, 'status', '--porcelain')).toBe(' M .agents/skills/deploy/SKILL.md\n M .agents/skills/pdf/SKILL.md\n');
    expect(readFileSync(join(root, '.agents/skills/deploy/SKILL.md'), 'utf8')).toBe(
      '---\nname: deploy\ndescription: Deploys the service.\ntriggers:\n  - deploy\n---\nBody\n',
    );
    const again = run(root, ['--format', 'json']);
    const codes = (JSON.parse(again.stdout) as { diagnostics: { code: string; file: string }[] }).diagnostics.map(
      (d) => `${d.code} ${d.file}`,
    );
    expect(codes).toEqual(['frontmatter-wrong-type .agents/skills/notes/SKILL.md', 'would-drop-directory .agents/skills/notes/SKILL.md']);
  });

  it('exits 0 once nothing remains, and keeps standard output to the report in JSON', () => {
    const root = repository({ '.agents/skills/pdf/SKILL.md': FILES['.agents/skills/pdf/SKILL.md'] });
    const result = run(root, ['--fix', '--format', 'json']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('fixed 1 problem in 1 file\n\n');
    expect((JSON.parse(result.stdout) as { diagnostics: unknown[] }).diagnostics).toEqual([]);
    expect(readFileSync(join(root, '.agents/skills/pdf/SKILL.md'), 'utf8')).toContain("description: '1.10'");
  });

  it('refuses --fix with --fix-dry-run', () => {
    const root = repository({ '.agents/skills/pdf/SKILL.md': FILES['.agents/skills/pdf/SKILL.md'] });
    const result = run(root, ['--fix', '--fix-dry-run']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('use --fix or --fix-dry-run, not both');
    expect(git(root, 'status', '--porcelain')).toBe('');
  });
});
