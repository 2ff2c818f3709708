/**
 * `agentwire validate --baseline` / `--write-baseline` and suppression comments, end to end
 * (in process; the help through the built executable), on git repositories written by the tests.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, node, requireBuild } from './helpers/built';
import { runAgentwire } from './helpers/cli-in-process';
import { tempRepository } from './helpers/tree';

beforeAll(requireBuild);

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

const SKILL = '.agents/skills/deploy/SKILL.md';
const PDF = '.agents/skills/pdf-tools/SKILL.md';
const FRONT = '---\nname: deploy\ndescription: Deploys.\n---\n';
const INLINE = 'Branch: !`git branch --show-current`';

function repository(files: Record<string, string>): string {
  const repo = tempRepository(files);
  cleanups.push(repo.cleanup);
  return repo.root;
}

function validate(cwd: string, args: string[] = []) {
  return runAgentwire(['validate', ...args], undefined, { cwd, env: { NO_COLOR: '1' } });
}

type JsonOut = {
  summary: { errors: number; warnings: number; infos: number };
  baseline?: { known: number; new: number; fixed: number };
  suppressed?: number;
  diagnostics: { code: string; file: string; line: number; baseline?: string; fingerprint?: string }[];
};
const json = async (cwd: string, args: string[]) =>
  JSON.parse((await await validate(cwd, ['--format', 'json', ...args])).stdout) as JsonOut;

describe('agentwire validate --baseline', () => {
  it('writes a baseline and exits 0; moved lines stay known; a new problem alone fails', async () => {
    const root = repository({ [SKILL]: `${FRONT}${INLINE}\n`, [PDF]: '---\nname: pdf\ndescription: PDFs.\n---\nBody\n' });
    expect((await validate(root)).status).toBe(1);

    const written = await validate(root, ['--write-baseline']);
    expect(written.status).toBe(0);
    expect(written.stderr).toBe('wrote 2 findings to agentwire-baseline.json\n');
    const file = JSON.parse(readFileSync(join(root, 'agentwire-baseline.json'), 'utf8'));
    expect(file.version).toBe(1);
    expect(file.findings.map((finding: { rule: string; file: string }) => [finding.rule, finding.file])).toEqual([
      ['inline-command', SKILL],
      ['skill-name-mismatch', PDF],
    ]);

    // Lines inserted above both findings.
    writeFileSync(join(root, SKILL), `${FRONT}# Deploy\n\nRead this first.\n\n${INLINE}\n`);
    writeFileSync(join(root, PDF), '---\n# The PDF tools.\nname: pdf\ndescription: PDFs.\n---\nBody\n');
    const moved = await validate(root, ['--baseline', 'agentwire-baseline.json', '--strict']);
    expect(moved.status).toBe(0);
    expect(moved.stdout).toContain('[skill-name-mismatch, openhands, known]');
    expect(moved.stdout.trimEnd().split('\n').pop()).toBe('0 errors, 0 warnings in 2 files (2 skills); baseline: 2 known, 0 fixed');

    // A new problem: it alone fails and is counted.
    writeFileSync(join(root, SKILL), `${FRONT}# Deploy\n\nLast: !\`git log -1\`\n\n${INLINE}\n`);
    const added = await json(root, ['--baseline', 'agentwire-baseline.json']);
    expect(added.diagnostics.map((d) => [d.code, d.line, d.baseline])).toEqual([
      ['inline-command', 7, 'new'],
      ['inline-command', 9, 'known'],
      ['skill-name-mismatch', 3, 'known'],
    ]);
    expect(added.summary).toEqual({ errors: 0, warnings: 1, infos: 0 });
    expect(added.baseline).toEqual({ known: 2, new: 1, fixed: 0 });
    expect((await validate(root, ['--baseline', 'agentwire-baseline.json'])).status).toBe(0);
    expect((await validate(root, ['--baseline', 'agentwire-baseline.json', '--strict'])).status).toBe(1);

    const github = (await validate(root, ['--baseline', 'agentwire-baseline.json', '--format', 'github'])).stdout.trimEnd().split('\n');
    expect(github.filter((line) => line.startsWith('::'))).toEqual([
      expect.stringMatching(/^::warning file=\.agents\/skills\/deploy\/SKILL\.md,line=7,/),
    ]);
    const sarif = JSON.parse((await validate(root, ['--baseline', 'agentwire-baseline.json', '--format', 'sarif'])).stdout);
    const results = sarif.runs[0].results as { ruleId: string; baselineState: string; partialFingerprints: Record<string, string> }[];
    expect(results.map((result) => [result.ruleId, result.baselineState])).toEqual([
      ['inline-command', 'new'],
      ['inline-command', 'unchanged'],
      ['skill-name-mismatch', 'unchanged'],
    ]);
    expect(results[0]?.partialFingerprints['agentwire/v1']).toBe(added.diagnostics[0]?.fingerprint);

    // Fixing a known problem tells it; updating the baseline takes in the new one.
    writeFileSync(join(root, PDF), '---\nname: pdf-tools\ndescription: PDFs.\n---\nBody\n');
    expect((await json(root, ['--baseline', 'agentwire-baseline.json'])).baseline).toEqual({ known: 1, new: 1, fixed: 1 });
    const updated = await validate(root, ['--baseline', 'agentwire-baseline.json', '--write-baseline']);
    expect(updated.status).toBe(0);
    expect(updated.stderr).toBe('wrote 2 findings to agentwire-baseline.json\n');
    expect((await validate(root, ['--baseline', 'agentwire-baseline.json', '--strict'])).status).toBe(0);
  });

  it('--write-baseline writes the file --baseline names; a missing or broken baseline is exit 2', async () => {
    const root = repository({ [SKILL]: `${FRONT}${INLINE}\n` });
    expect((await validate(root, ['--write-baseline', '--baseline', 'ci/known.json'])).status).toBe(2);
    expect((await validate(root, ['--write-baseline', '--baseline', 'known.json'])).status).toBe(0);
    expect(existsSync(join(root, 'known.json'))).toBe(true);
    expect(existsSync(join(root, 'agentwire-baseline.json'))).toBe(false);

    const missing = await validate(root, ['--baseline', 'none.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read --baseline none.json: no such file');
    writeFileSync(join(root, 'bad.json'), '{"version":1,"findings":[{"rule":"x"}]}');
    const bad = await validate(root, ['--baseline', 'bad.json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--baseline bad.json: findings[0].file must be a non-empty string');
  });
});

describe('agentwire validate: suppression comments', () => {
  it('a commented finding does not fail and is counted as suppressed; a stale comment is reported', async () => {
    const root = repository({
      [SKILL]: `${FRONT}<!-- agentwire-disable-next-line inline-command -- reads the branch only -->\n${INLINE}\n`,
    });
    const run = await validate(root, ['--strict']);
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split('\n').pop()).toBe('0 errors, 0 warnings in 1 file (1 skill); 1 suppressed');
    expect((await json(root, [])).suppressed).toBe(1);

    writeFileSync(
      join(root, SKILL),
      `${FRONT}<!-- agentwire-disable-next-line inline-command -- reads the branch only -->\nBranch: main\n`,
    );
    const stale = await json(root, []);
    expect(stale.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([['suppression-unused', SKILL, 5]]);
    expect((await validate(root, ['--strict'])).status).toBe(1);
  });

  it('--help documents the options and the comment', async () => {
    const help = node([CLI, 'validate', '--help']).stdout;
    for (const text of [
      '--baseline <file>',
      '--write-baseline',
      'agentwire-baseline.json',
      '<!-- agentwire-disable-next-line rule-id -- reason -->',
    ])
      expect(help).toContain(text);
  });
});
