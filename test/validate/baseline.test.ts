/**
 * Baselines through `validate()`: known findings survive lines moving, new ones count, equal
 * findings are counted, fixed ones are told; the baseline file's reader and writer.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAgentwireError } from 'agentwire';
import { type Baseline, BaselineError, createBaseline, parseBaseline, stringifyBaseline, validate } from 'agentwire/validate';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../helpers/tree';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

const SKILL = '.agents/skills/deploy/SKILL.md';
const INLINE = 'Current branch: !`git branch --show-current`';
const INLINE_TWO = 'Last commit: !`git log -1`';
const EMPTY: Baseline = { version: 1, findings: [] };

/** A folder holding one skill with this body; `write` replaces the body. */
function skillFolder(body: string) {
  const { root, cleanup } = tempTree({ [SKILL]: `---\nname: deploy\ndescription: Deploys.\n---\n${body}` });
  cleanups.push(cleanup);
  return { root, write: (next: string) => writeFileSync(join(root, SKILL), `---\nname: deploy\ndescription: Deploys.\n---\n${next}`) };
}

const states = (report: Awaited<ReturnType<typeof validate>>) => report.diagnostics.map((d) => [d.code, d.line, d.baseline]);

describe('validate with a baseline', () => {
  it('marks every finding new against an empty baseline, with a fingerprint, and counts it', async () => {
    const { root } = skillFolder(`${INLINE}\n`);
    const report = await validate(['.'], { cwd: root, baseline: EMPTY });
    expect(states(report)).toEqual([['inline-command', 5, 'new']]);
    expect(report.diagnostics[0]?.fingerprint).toMatch(/^[0-9a-f]{24}$/);
    expect(report.baseline).toEqual({ known: 0, new: 1, fixed: 0 });
    expect(report.summary.warnings + report.summary.errors + report.summary.infos).toBe(1);
    const without = await validate(['.'], { cwd: root });
    expect(without.diagnostics[0]?.fingerprint).toBeUndefined();
    expect(without.baseline).toBeUndefined();
  });

  it('keeps a finding known when lines move above it; a new finding is new and alone counts', async () => {
    const { root, write } = skillFolder(`${INLINE}\n`);
    const baseline = createBaseline(await validate(['.'], { cwd: root, baseline: EMPTY }));
    expect(baseline.findings).toEqual([
      { rule: 'inline-command', file: SKILL, fingerprint: expect.stringMatching(/^[0-9a-f]{24}$/), message: expect.any(String) },
    ]);

    write(`# Deploy\n\nSteps come first.\n\n${INLINE}\n`);
    const moved = await validate(['.'], { cwd: root, baseline });
    expect(states(moved)).toEqual([['inline-command', 9, 'known']]);
    expect(moved.summary).toEqual({ errors: 0, warnings: 0, infos: 0 });
    expect(moved.baseline).toEqual({ known: 1, new: 0, fixed: 0 });

    write(`# Deploy\n\n${INLINE_TWO}\n\n${INLINE}\n`);
    const added = await validate(['.'], { cwd: root, baseline });
    expect(states(added)).toEqual([
      ['inline-command', 7, 'new'],
      ['inline-command', 9, 'known'],
    ]);
    expect(added.baseline).toEqual({ known: 1, new: 1, fixed: 0 });
    const severity = added.diagnostics[0]?.severity ?? 'info';
    expect(added.summary[`${severity}s` as 'errors' | 'warnings' | 'infos']).toBe(1);

    write('Nothing to run.\n');
    expect((await validate(['.'], { cwd: root, baseline })).baseline).toEqual({ known: 0, new: 0, fixed: 1 });
  });

  it('counts equal findings: a third copy of a line accepted twice is new', async () => {
    const { root, write } = skillFolder(`${INLINE}\n\n${INLINE}\n`);
    const baseline = createBaseline(await validate(['.'], { cwd: root, baseline: EMPTY }));
    expect(baseline.findings.map((finding) => finding.count)).toEqual([2]);
    write(`${INLINE}\n\n${INLINE}\n\n${INLINE}\n`);
    const report = await validate(['.'], { cwd: root, baseline: parseBaseline(stringifyBaseline(baseline)) });
    expect(states(report)).toEqual([
      ['inline-command', 5, 'known'],
      ['inline-command', 7, 'known'],
      ['inline-command', 9, 'new'],
    ]);
  });

  it('treats a change of the line itself as a new finding', async () => {
    const { root, write } = skillFolder(`${INLINE}\n`);
    const baseline = createBaseline(await validate(['.'], { cwd: root, baseline: EMPTY }));
    write(`${INLINE.replace('Current branch', 'Branch')}\n`);
    expect((await validate(['.'], { cwd: root, baseline })).baseline).toEqual({ known: 0, new: 1, fixed: 1 });
  });

  it('refuses a report without fingerprints and an option that is not a baseline', async () => {
    const { root } = skillFolder(`${INLINE}\n`);
    expect(() =>
      createBaseline({ ...EMPTY, paths: [], profiles: [], inventory: {} as never, diagnostics: [{} as never], summary: {} as never }),
    ).toThrow(TypeError);
    await expect(validate(['.'], { cwd: root, baseline: [] as unknown as Baseline })).rejects.toThrow(TypeError);
  });
});

describe('the baseline file', () => {
  it('reads back what it writes, leaving out a count of 1', () => {
    const baseline: Baseline = {
      version: 1,
      findings: [
        { rule: 'inline-command', file: 'a/SKILL.md', fingerprint: 'f1', message: 'm', count: 1 },
        { rule: 'inline-command', file: 'a/SKILL.md', fingerprint: 'f2', count: 3 },
      ],
    };
    const text = stringifyBaseline(baseline);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text).findings[0]).toEqual({ rule: 'inline-command', file: 'a/SKILL.md', fingerprint: 'f1', message: 'm' });
    expect(parseBaseline(text)).toEqual({
      version: 1,
      findings: [
        { rule: 'inline-command', file: 'a/SKILL.md', fingerprint: 'f1', message: 'm' },
        { rule: 'inline-command', file: 'a/SKILL.md', fingerprint: 'f2', count: 3 },
      ],
    });
  });

  it.each([
    ['not json', 'base.json is not JSON'],
    ['[]', 'base.json must hold a JSON object'],
    ['{"version":2,"findings":[]}', 'base.json: version must be 1, not 2'],
    ['{"version":1}', 'base.json: findings must be an array'],
    ['{"version":1,"findings":[{"rule":"x","file":"f"}]}', 'base.json: findings[0].fingerprint must be a non-empty string'],
    [
      '{"version":1,"findings":[{"rule":"x","file":"f","fingerprint":"p","count":0}]}',
      'base.json: findings[0].count must be a positive integer',
    ],
  ])('refuses %s with a BaselineError', (text, message) => {
    let thrown: unknown;
    try {
      parseBaseline(text, 'base.json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BaselineError);
    expect(isAgentwireError(thrown)).toBe(true);
    expect((thrown as Error).message).toContain(message);
  });
});
