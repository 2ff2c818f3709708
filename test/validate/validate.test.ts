/**
 * `validate()` through its public subpath, `agentwire/validate`: the defaults, the options, the
 * errors thrown for a bad call, and the rule catalog it reports from.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRule, PROFILES, ruleAreas, ruleCatalog, type ValidateProgress, validate } from 'agentwire/validate';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../helpers/tree';

const MISNAMED = { '.agents/skills/pdf-tools/SKILL.md': '---\nname: pdf\ndescription: Fills PDF forms.\n---\n\nSteps.\n' };

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});
function folder(files: Record<string, string>): string {
  const { root, cleanup } = tempTree(files);
  cleanups.push(cleanup);
  return root;
}

describe('validate', () => {
  it('reports a misnamed skill, with the path relative to cwd and the profile that raised it', async () => {
    const root = folder(MISNAMED);
    const report = await validate(['.'], { cwd: root });
    expect(report.paths).toEqual(['.']);
    expect(report.profiles).toEqual(['openhands']);
    expect(report.inventory.skills).toBe(1);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        code: 'skill-name-mismatch',
        severity: findRule('skill-name-mismatch')?.severity,
        file: '.agents/skills/pdf-tools/SKILL.md',
        line: 2,
        profile: 'openhands',
      }),
    ]);
    expect(report.summary).toEqual({
      errors: report.diagnostics.filter((d) => d.severity === 'error').length,
      warnings: report.diagnostics.filter((d) => d.severity === 'warning').length,
      infos: 0,
    });
  });

  it('resolves paths against cwd, checks cwd itself when given no path, and reports a path that holds nothing', async () => {
    const root = folder(MISNAMED);
    mkdirSync(join(root, 'empty'));
    const codes = async (paths: string[]) => (await validate(paths, { cwd: root })).diagnostics.map((d) => d.code);
    expect(await codes([])).toEqual(['skill-name-mismatch']);
    expect(await codes([join(root, '.agents/skills')])).toEqual(['skill-name-mismatch']);
    expect(await codes(['empty'])).toEqual(['validate-nothing-found']);
  });

  it('judges by the profiles asked for, reports built-in names, and tells each path as it starts', async () => {
    const root = folder({ '.agents/skills/github/SKILL.md': '---\nname: github\ndescription: Works with GitHub.\n---\n\nSteps.\n' });
    const seen: ValidateProgress[] = [];
    const report = await validate(['.', '.agents/skills'], {
      cwd: root,
      profiles: ['agentskills', 'openhands', 'agentskills'],
      builtinNames: ['github'],
      onProgress: (progress) => seen.push(progress),
    });
    expect(report.profiles).toEqual(['agentskills', 'openhands']);
    expect(report.diagnostics.map((d) => [d.code, d.profile])).toContainEqual(['builtin-name-collision', 'openhands']);
    expect(seen).toEqual([
      { path: '.', index: 0, total: 2 },
      { path: '.agents/skills', index: 1, total: 2 },
    ]);
  });

  it('throws for a bad call before reading anything', async () => {
    const cwd = folder({});
    await expect(validate('.' as unknown as string[], { cwd })).rejects.toThrow(TypeError);
    await expect(validate(['.'], { cwd, profiles: ['eslint' as 'openhands'] })).rejects.toThrow(RangeError);
    await expect(validate(['.'], { cwd, service: '1.50' as '1.49' })).rejects.toThrow(RangeError);
    await expect(validate(['.'], { cwd, preset: 'acme' })).rejects.toThrow(RangeError);
    await expect(validate(['.'], { cwd, maxFileSize: 0 })).rejects.toThrow(RangeError);
  });
});

describe('the rule catalog', () => {
  it('lists every rule once, each in a section of ruleAreas() and raised by known profiles', () => {
    const catalog = ruleCatalog();
    const areas = new Set(ruleAreas().map((area) => area.id));
    expect(new Set(catalog.map((rule) => rule.code)).size).toBe(catalog.length);
    for (const rule of catalog) {
      expect(areas.has(rule.area), rule.code).toBe(true);
      expect(
        rule.profiles.every((profile) => PROFILES.includes(profile)),
        rule.code,
      ).toBe(true);
      expect(findRule(rule.code)).toBe(rule);
    }
    expect(findRule('no-such-rule')).toBeUndefined();
  });
});
